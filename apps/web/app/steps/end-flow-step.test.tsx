import type { FlowStep } from "@pinjaman/contracts/flows";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import EndFlowStep from "./end-flow-step.tsx";

function step(data: Record<string, unknown>): FlowStep {
  return { key: "no_flow", template: "end_flow", title: "Belum dapat mengajukan pinjaman baru", description: null, fields: [], movements: [], actions: [], data };
}

function show(data: Record<string, unknown>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <EndFlowStep step={step(data)} fields={null} values={{}} setValue={() => {}} busy={false} /> }]);
  render(<Stub />);
}

describe("end_flow step", () => {
  afterEach(cleanup);

  it("no_flow_available: shows the server's reason and the way to the profile, nothing to submit", () => {
    show({ redirect: "/profile", reason: "Anda masih memiliki pinjaman yang belum lunas." });
    expect(screen.getByRole("status").textContent).toBe("Anda masih memiliki pinjaman yang belum lunas.");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Lihat profil" }).getAttribute("href")).toBe("/profile");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("an open flow holding the new loan back: a link to continue it first", () => {
    show({ redirect: "/profile", reason: "Anda masih memiliki pengajuan yang belum selesai diisi.", resume: "/flows/spl_returning?progress=p1" });
    expect(screen.getByRole("link", { name: "Lanjutkan pengajuan yang belum selesai" }).getAttribute("href")).toBe("/flows/spl_returning?progress=p1");
    expect(screen.getByRole("link", { name: "Lihat profil" }).getAttribute("href")).toBe("/profile");
  });

  it("a completed flow shows no reason", () => {
    show({ redirect: "/profile" });
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: "Lihat profil" }).getAttribute("href")).toBe("/profile");
  });
});
