import { afterEach, describe, expect, it } from "vitest";
import { AFFILIATE_KEY, affiliateFromQuery, isBase64, storeAffiliateFromQuery } from "./affiliate.ts";

afterEach(() => window.localStorage.clear());

describe("affiliate code from ?a=", () => {
  it("decodes a valid base64 value", () => {
    expect(affiliateFromQuery("?a=cGFydG5lci0xMjM=")).toBe("partner-123");
    expect(affiliateFromQuery("?utm=x&a=QUZGMDE")).toBe("");
    expect(affiliateFromQuery("?a=QUZGMDE%3D")).toBe("AFF01");
  });

  it("keeps a '+' that the query string turned into a space", () => {
    expect(affiliateFromQuery("?a=Pj4+")).toBe(">>>");
    expect(affiliateFromQuery("?a=Pj4%2B")).toBe(">>>");
  });

  it("stores empty for a value that is not base64, and null when there is no a", () => {
    expect(affiliateFromQuery("?a=not base64!")).toBe("");
    expect(affiliateFromQuery("?a=")).toBe("");
    expect(affiliateFromQuery("?a=abc")).toBe("");
    expect(affiliateFromQuery("?b=1")).toBeNull();
  });

  it("the pattern accepts padded base64 only", () => {
    expect(isBase64("YWJj")).toBe(true);
    expect(isBase64("YWI=")).toBe(true);
    expect(isBase64("YQ==")).toBe(true);
    expect(isBase64("YQ=")).toBe(false);
    expect(isBase64("YW_j")).toBe(false);
    expect(isBase64("")).toBe(false);
  });

  it("stores the decoded code in localStorage, an invalid one as empty, none leaves it", () => {
    expect(storeAffiliateFromQuery("?a=cGFydG5lci0xMjM=")).toBe("partner-123");
    expect(window.localStorage.getItem(AFFILIATE_KEY)).toBe("partner-123");
    expect(storeAffiliateFromQuery("")).toBe("partner-123");
    expect(window.localStorage.getItem(AFFILIATE_KEY)).toBe("partner-123");
    expect(storeAffiliateFromQuery("?a=%%%")).toBe("");
    expect(window.localStorage.getItem(AFFILIATE_KEY)).toBe("");
  });
});
