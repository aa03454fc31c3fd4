import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { S3Storage } from "./s3.ts";
import { amzDate, postPolicyFields, presignUrl, signingKey } from "./sigv4.ts";

describe("SigV4", () => {
  it("derives AWS's documented signing key (iam, us-east-1, 20120215)", () => {
    expect(signingKey("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20120215", "us-east-1", "iam").toString("hex")).toBe(
      "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d",
    );
  });

  it("presigns AWS's documented GET example (examplebucket/test.txt, 86400 s)", () => {
    const credentials = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" };
    const url = presignUrl(credentials, "GET", new URL("https://examplebucket.s3.amazonaws.com/test.txt"), new Date("2013-05-24T00:00:00Z"), 86400);
    expect(url).toBe(
      "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
  });

  it("signs a POST policy on key, Content-Type, content-length-range and expiration with the HMAC chain", () => {
    const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret-key", region: "ap-southeast-3" };
    const now = new Date("2026-11-22T15:04:05.678Z");
    const fields = postPolicyFields(credentials, {
      bucket: "pinjaman-uploads",
      key: "field_uploads/abc",
      contentType: "image/png",
      minBytes: 1,
      maxBytes: 2048,
      expiresAt: new Date("2026-11-22T15:19:05.678Z"),
      now,
    });
    expect(amzDate(now)).toBe("20261122T150405Z");
    expect(JSON.parse(Buffer.from(fields.policy!, "base64").toString("utf8"))).toEqual({
      expiration: "2026-11-22T15:19:05.678Z",
      conditions: [
        { bucket: "pinjaman-uploads" },
        ["eq", "$key", "field_uploads/abc"],
        ["eq", "$Content-Type", "image/png"],
        ["content-length-range", 1, 2048],
        { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
        { "x-amz-credential": "AKIDEXAMPLE/20261122/ap-southeast-3/s3/aws4_request" },
        { "x-amz-date": "20261122T150405Z" },
      ],
    });
    // The chain written out by hand, independent of signingKey().
    const h = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
    const key = h(h(h(h("AWS4secret-key", "20261122"), "ap-southeast-3"), "s3"), "aws4_request");
    expect(fields).toEqual({
      key: "field_uploads/abc",
      "Content-Type": "image/png",
      policy: fields.policy,
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
      "x-amz-credential": "AKIDEXAMPLE/20261122/ap-southeast-3/s3/aws4_request",
      "x-amz-date": "20261122T150405Z",
      "x-amz-signature": h(key, fields.policy!).toString("hex"),
    });
  });

  it("posts to the bucket path-style on a custom endpoint and virtual-hosted on AWS", () => {
    const base = { bucket: "pinjaman-uploads", region: "ap-southeast-3", accessKeyId: "AKID", secretAccessKey: "s" };
    expect(new S3Storage({ ...base, endpoint: "http://127.0.0.1:9000/" }).bucketUrl()).toBe("http://127.0.0.1:9000/pinjaman-uploads/");
    expect(new S3Storage(base).bucketUrl()).toBe("https://pinjaman-uploads.s3.ap-southeast-3.amazonaws.com/");
    const presigned = new S3Storage(base).presign({
      id: "abc",
      key: "field_uploads/abc",
      contentType: "application/pdf",
      maxBytes: 10,
      expiresAt: new Date("2026-11-22T15:15:00Z"),
    });
    expect(presigned.url).toBe("https://pinjaman-uploads.s3.ap-southeast-3.amazonaws.com/");
    expect(presigned.method).toBe("POST");
  });

  it("asks the bucket whether an object exists with a presigned HEAD", async () => {
    const calls: string[] = [];
    const storage = new S3Storage(
      { bucket: "b-1", region: "us-east-1", accessKeyId: "AKID", secretAccessKey: "s", endpoint: "http://s3.test" },
      async (url, init) => {
        calls.push(`${init?.method} ${String(url).split("?")[0]}`);
        return new Response(null, { status: String(url).includes("missing") ? 404 : 200 });
      },
    );
    expect(await storage.exists("field_uploads/here")).toBe(true);
    expect(await storage.exists("field_uploads/missing")).toBe(false);
    expect(calls).toEqual(["HEAD http://s3.test/b-1/field_uploads/here", "HEAD http://s3.test/b-1/field_uploads/missing"]);
  });

  it("removes an object with a presigned DELETE, absent objects included, and reports a refusal", async () => {
    const calls: string[] = [];
    const storage = new S3Storage(
      { bucket: "b-1", region: "us-east-1", accessKeyId: "AKID", secretAccessKey: "s", endpoint: "http://s3.test" },
      async (url, init) => {
        const address = String(url);
        calls.push(`${init?.method} ${address.split("?")[0]} ${address.includes("X-Amz-Signature=") ? "signed" : "unsigned"}`);
        return new Response(null, { status: address.includes("forbidden") ? 403 : address.includes("gone") ? 404 : 204 });
      },
    );
    await storage.remove("field_uploads/here");
    await storage.remove("field_uploads/gone");
    await expect(storage.remove("field_uploads/forbidden")).rejects.toThrow("S3 DELETE field_uploads/forbidden answered 403");
    expect(calls).toEqual([
      "DELETE http://s3.test/b-1/field_uploads/here signed",
      "DELETE http://s3.test/b-1/field_uploads/gone signed",
      "DELETE http://s3.test/b-1/field_uploads/forbidden signed",
    ]);
  });
});
