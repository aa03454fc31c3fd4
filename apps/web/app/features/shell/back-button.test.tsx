import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { BackButton } from "./back-button.tsx";

afterEach(cleanup);

const routes = [
  { path: "/", Component: () => <h1>Beranda</h1> },
  { path: "/faq", Component: () => <Link to="/detail">Detail</Link> },
  { path: "/profile", Component: () => <h1>Profil</h1> },
  { path: "/detail", Component: () => <BackButton fallbackTo="/profile" /> },
];

describe("BackButton", () => {
  it("goes back in history after a navigation within the site", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub(routes);
    render(<Stub initialEntries={["/faq"]} />);
    await user.click(screen.getByRole("link", { name: "Detail" }));
    await user.click(await screen.findByRole("button", { name: "Kembali" }));
    expect(await screen.findByRole("link", { name: "Detail" })).toBeTruthy();
  });

  it("goes to the fallback route when the visitor arrived from elsewhere", async () => {
    const user = userEvent.setup();
    const Stub = createRoutesStub(routes);
    render(<Stub initialEntries={["/detail"]} />);
    await user.click(screen.getByRole("button", { name: "Kembali" }));
    expect(await screen.findByRole("heading", { name: "Profil" })).toBeTruthy();
  });
});
