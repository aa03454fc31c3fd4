import type { FieldTemplateKey } from "@pinjaman/contracts/flows";
import { FIELD_TEMPLATE_KEYS } from "@pinjaman/contracts/flows";
import { describe, expect, it } from "vitest";
import type { CheckedField } from "./field-rules.ts";
import {
  checkFieldValue,
  formatSliderValue,
  isStrongPassword,
  nationalPhoneDigits,
  normalizeIndonesianPhone,
  parseUploadedFile,
  regionCodeFromNik,
  sliderValue,
} from "./field-rules.ts";

const TODAY = "2026-11-22";
const UNDERAGE =
  "Mohon Maaf. Kami tidak lagi menerima pengajuan dari pengguna di bawah 25 tahun. Silahkan merujuk ke bagian persyaratan minimum di situs/aplikasi kami.";

function field(templateKey: FieldTemplateKey, extra: Partial<CheckedField> = {}): CheckedField {
  return { key: templateKey, templateKey, required: true, readOnly: false, rangeValues: null, options: null, config: null, ...extra };
}
const check = (f: CheckedField, value: Parameters<typeof checkFieldValue>[1]) => checkFieldValue(f, value, TODAY);

const FILE = JSON.stringify({ id: "f1", storage: "local", metadata: { size: 2048, filename: "ktp.jpg", mime_type: "image/jpeg" } });

describe("required", () => {
  it("refuses null, blank text and an unticked box on a required field", () => {
    expect(check(field("text"), null)).toEqual(["Wajib diisi"]);
    expect(check(field("text"), "   ")).toEqual(["Wajib diisi"]);
    expect(check(field("email"), "")).toEqual(["Wajib diisi"]);
    expect(check(field("checkbox"), false)).toEqual(["Wajib dicentang"]);
    expect(check(field("terms"), false)).toEqual(["Anda harus membaca dan menyetujui syarat dan ketentuan"]);
    expect(check(field("voice_recording"), "")).toEqual(["Wajib diisi"]);
    expect(check(field("open_banking"), null)).toEqual(["Wajib diisi"]);
    expect(check(field("camera_front"), null)).toEqual(["Wajib diisi"]);
    expect(check(field("slider"), null)).toEqual(["Wajib diisi"]);
  });

  it("lets an empty optional or read-only field pass", () => {
    for (const key of FIELD_TEMPLATE_KEYS) {
      expect(check(field(key, { required: false }), null)).toEqual([]);
      expect(check(field(key, { readOnly: true }), null)).toEqual([]);
    }
    expect(check(field("checkbox", { required: false }), false)).toEqual([]);
  });

  it("never requires the position, a button, a countdown or a link", () => {
    for (const key of ["geolocation", "delayed_button", "resend_code", "text_link"] as const) {
      expect(check(field(key), null)).toEqual([]);
    }
  });

  it("refuses a value of the wrong type", () => {
    expect(check(field("text"), 5)).toEqual(["Nilai tidak valid"]);
    expect(check(field("checkbox"), "true")).toEqual(["Nilai tidak valid"]);
    expect(check(field("open_banking"), 3)).toEqual(["Nilai tidak valid"]);
  });
});

describe("text, e-mail, password, affiliate", () => {
  it("limits text to 200 characters", () => {
    expect(check(field("text"), "a".repeat(200))).toEqual([]);
    expect(check(field("text"), "a".repeat(201))).toEqual(["Maksimal 200 karakter"]);
    expect(check(field("customer_affiliate"), "b".repeat(201))).toEqual(["Maksimal 200 karakter"]);
    expect(check(field("customer_affiliate"), "QUZGMTIz")).toEqual([]);
  });

  it("checks an e-mail's format and its 254 characters", () => {
    expect(check(field("email"), "budi@contoh.co.id")).toEqual([]);
    expect(check(field("email"), "budi@contoh")).toEqual(["Format e-mail tidak valid"]);
    expect(check(field("email"), "budi..x@contoh.id")).toEqual(["Format e-mail tidak valid"]);
    expect(check(field("email"), `${"a".repeat(64)}@${"b".repeat(186)}.com`)).toEqual(["Format e-mail tidak valid"]);
    expect(check(field("email"), `${"a".repeat(64)}@${"b".repeat(185)}.com`)).toEqual([]);
  });

  it("wants 10 characters with a letter and a digit, as the auth issue does", () => {
    const weak = "Kata sandi minimal 10 karakter dan harus berisi huruf dan angka.";
    expect(check(field("password"), "abcdefghi1")).toEqual([]);
    expect(check(field("password"), "abcdefgh1")).toEqual([weak]);
    expect(check(field("password"), "ABCDEFGHIJ")).toEqual([weak]);
    expect(check(field("password"), "1234567890")).toEqual([weak]);
    expect(check(field("password"), `a1${"x".repeat(199)}`)).toEqual(["Maksimal 200 karakter"]);
    expect(isStrongPassword("kataSandi١٢")).toBe(true);
  });
});

describe("phone", () => {
  it("normalizes what is typed after +62 to E.164", () => {
    expect(normalizeIndonesianPhone("81234567890")).toBe("+6281234567890");
    expect(normalizeIndonesianPhone("081234567890")).toBe("+6281234567890");
    expect(normalizeIndonesianPhone("6281234567890")).toBe("+6281234567890");
    expect(normalizeIndonesianPhone("+62 812-3456-7890")).toBe("+6281234567890");
    expect(normalizeIndonesianPhone("")).toBe("");
    expect(normalizeIndonesianPhone("abc")).toBe("");
    expect(nationalPhoneDigits("+6281234567890")).toBe("81234567890");
  });

  it("accepts +628 with 9 to 13 national digits", () => {
    const message = ["Nomor ponsel tidak valid: masukkan 9–13 digit setelah +62, diawali angka 8."];
    expect(check(field("phone"), "+62812345678")).toEqual([]); // 9 national digits
    expect(check(field("phone"), "+628123456789012")).toEqual([]); // 13
    expect(check(field("phone"), "+6281234567")).toEqual(message); // 8
    expect(check(field("phone"), "+6281234567890123")).toEqual(message); // 14
    expect(check(field("phone"), "+62212345678")).toEqual(message); // a landline
    expect(check(field("phone"), "081234567890")).toEqual(message); // not the stored form
  });
});

describe("personal_code_input", () => {
  /** Region 32.01.01, the given DDMMYY, serial 0001. */
  const nik = (ddmmyy: string, region = "320101") => `${region}${ddmmyy}0001`;

  it("accepts a 16-digit code of an adult from a real province", () => {
    expect(check(field("personal_code_input"), nik("150890"))).toEqual([]);
    expect(check(field("personal_code_input"), nik("550890"))).toEqual([]); // a woman: day + 40
  });

  it("refuses someone under 25 with the spec's exact message", () => {
    expect(check(field("personal_code_input"), nik("231101"))).toEqual([UNDERAGE]); // born 2001-11-23: 24 until tomorrow
    expect(check(field("personal_code_input"), nik("221101"))).toEqual([]); // 25 today
  });

  it("wants 16 digits, a real date and a province", () => {
    expect(check(field("personal_code_input"), "3201011508900")).toEqual(["NIK harus 16 digit angka"]);
    expect(check(field("personal_code_input"), "32010115089000a1")).toEqual(["NIK harus 16 digit angka"]);
    expect(check(field("personal_code_input"), nik("310290"))).toEqual(["Tanggal lahir dalam NIK tidak valid"]);
    expect(check(field("personal_code_input"), nik("150890", "990101"))).toEqual(["Kode provinsi dalam NIK tidak valid"]);
    expect(check(field("personal_code_input"), nik("150890", "200101"))).toEqual(["Kode provinsi dalam NIK tidak valid"]);
  });

  it("applies the age rule to a partial code from 12 characters", () => {
    expect(check(field("personal_code_input"), "320101150805")).toEqual(["NIK harus 16 digit angka", UNDERAGE]);
  });

  it("reads the province from the code", () => {
    expect(regionCodeFromNik("3201011508900001")).toBe("32");
    expect(regionCodeFromNik("9601011508900001")).toBe("96");
    expect(regionCodeFromNik("1001011508900001")).toBeNull();
    expect(regionCodeFromNik("9701011508900001")).toBeNull();
  });
});

describe("date", () => {
  it("wants a real yyyy-mm-dd date", () => {
    expect(check(field("date"), "1990-02-28")).toEqual([]);
    expect(check(field("date"), "2024-02-29")).toEqual([]);
    expect(check(field("date"), "2023-02-29")).toEqual(["Tanggal tidak valid"]);
    expect(check(field("date"), "28-02-1990")).toEqual(["Tanggal tidak valid"]);
  });
});

describe("select and search_dropdown", () => {
  const options = [
    { value: "karyawan", label: "Karyawan" },
    { value: "wiraswasta", label: "Wiraswasta" },
  ];
  it("wants a value among the options", () => {
    for (const key of ["select", "search_dropdown"] as const) {
      expect(check(field(key, { options }), "karyawan")).toEqual([]);
      expect(check(field(key, { options }), "Karyawan")).toEqual(["Pilih salah satu opsi yang tersedia"]);
    }
  });
});

describe("slider", () => {
  const amounts = [500000, 1000000, 1500000, 2000000];
  it("wants a whole number among rangeValues", () => {
    const f = field("slider", { rangeValues: amounts, config: { unit: "rupiah" } });
    expect(check(f, 1500000)).toEqual([]);
    expect(check(f, "1500000")).toEqual([]);
    expect(check(f, 1500000.5)).toEqual(["Nilai harus berupa bilangan bulat"]);
    expect(check(f, 1200000)).toEqual(["Pilih nilai antara Rp 500.000 dan Rp 2.000.000"]);
    expect(check(field("slider", { rangeValues: [1, 2, 3], config: { unit: "bulan" } }), 13)).toEqual(["Pilih nilai antara 1 bulan dan 3 bulan"]);
    expect(check(f, "banyak")).toEqual(["Nilai tidak valid"]);
  });

  it("truncates and limits a raw value (spec section 5)", () => {
    const terms = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(sliderValue(7.9, terms)).toBe(7);
    expect(sliderValue("7.9", terms)).toBe(7);
    expect(sliderValue(0, terms)).toBe(1);
    expect(sliderValue(40, terms)).toBe(12);
    expect(sliderValue(1240000, amounts)).toBe(1000000);
    expect(sliderValue(1250000, amounts)).toBe(1000000); // a tie takes the lower
    expect(sliderValue(1260000, amounts)).toBe(1500000);
    expect(sliderValue(-3.7, null)).toBe(-3);
    expect(sliderValue("x", terms)).toBe(1);
    expect(sliderValue(Number.NaN, null)).toBeNull();
  });

  it("formats with the unit", () => {
    expect(formatSliderValue(1500000, "rupiah")).toBe("Rp 1.500.000");
    expect(formatSliderValue(7, "bulan")).toBe("7 bulan");
    expect(formatSliderValue(30, "hari")).toBe("30 hari");
    expect(formatSliderValue(3, undefined)).toBe("3");
  });
});

describe("checkbox and terms", () => {
  it("accept true", () => {
    expect(check(field("checkbox"), true)).toEqual([]);
    expect(check(field("terms"), true)).toEqual([]);
  });
});

describe("geolocation", () => {
  it("wants 'latitude, longitude' in range", () => {
    expect(check(field("geolocation"), "-6.200000, 106.816666")).toEqual([]);
    expect(check(field("geolocation"), "-6.2,106.8")).toEqual([]);
    expect(check(field("geolocation"), "91.000000, 106.816666")).toEqual(["Lokasi tidak valid"]);
    expect(check(field("geolocation"), "-6.2, 181")).toEqual(["Lokasi tidak valid"]);
    expect(check(field("geolocation"), "Jakarta")).toEqual(["Lokasi tidak valid"]);
  });
});

describe("valueless templates", () => {
  it("have nothing to check", () => {
    expect(check(field("delayed_button"), "anything")).toEqual([]);
    expect(check(field("resend_code"), 3)).toEqual([]);
    expect(check(field("text_link"), "https://contoh.id/dokumen.pdf")).toEqual([]);
  });
});

describe("voice_recording and open_banking", () => {
  it("take a non-empty id", () => {
    expect(check(field("voice_recording"), "bizbaz-123")).toEqual([]);
    expect(check(field("open_banking"), "conn-1")).toEqual([]);
    expect(check(field("open_banking"), true)).toEqual([]);
  });
});

describe("files", () => {
  it("check the stored JSON's shape", () => {
    for (const key of ["camera_front", "camera_rear", "file_upload"] as const) {
      expect(check(field(key), FILE)).toEqual([]);
      expect(check(field(key), "{not json")).toEqual(["Berkas tidak valid. Silakan unggah ulang."]);
      expect(check(field(key), JSON.stringify({ id: "f1", storage: "ftp", metadata: { size: 1, filename: "a", mime_type: "image/jpeg" } }))).toEqual([
        "Berkas tidak valid. Silakan unggah ulang.",
      ]);
    }
    expect(parseUploadedFile(FILE)).toEqual({ id: "f1", storage: "local", metadata: { size: 2048, filename: "ktp.jpg", mime_type: "image/jpeg" } });
    expect(parseUploadedFile(JSON.stringify({ id: "", storage: "s3", metadata: { size: 1, filename: "a", mime_type: "image/png" } }))).toBeNull();
    expect(parseUploadedFile(JSON.stringify({ id: "x", storage: "s3", metadata: { size: 1.5, filename: "a", mime_type: "image/png" } }))).toBeNull();
    expect(parseUploadedFile("[]")).toBeNull();
  });

  it("apply the field's accepted types and size limit", () => {
    expect(check(field("file_upload", { config: { accept: ["application/pdf"] } }), FILE)).toEqual(["Jenis berkas tidak didukung"]);
    expect(check(field("file_upload", { config: { max_size: 1024 * 1024 } }), FILE)).toEqual([]);
    expect(check(field("file_upload", { config: { max_size: 1024 } }), FILE)).toEqual(["Ukuran berkas melebihi batas 0 MB"]);
  });
});

describe("address", () => {
  const address = (type: NonNullable<NonNullable<CheckedField["config"]>["address_type"]>) => field("address", { config: { address_type: type } });
  it("checks the code's shape per level", () => {
    expect(check(address("region"), "32")).toEqual([]);
    expect(check(address("city"), "32.73")).toEqual([]);
    expect(check(address("district"), "32.73.01")).toEqual([]);
    expect(check(address("subdistrict"), "32.73.01.1001")).toEqual([]);
    expect(check(address("postal_code"), "40111")).toEqual([]);
    expect(check(address("region"), "32.73")).toEqual(["Kode wilayah tidak valid"]);
    expect(check(address("city"), "3273")).toEqual(["Kode wilayah tidak valid"]);
    expect(check(address("subdistrict"), "32.73.01.100")).toEqual(["Kode wilayah tidak valid"]);
    expect(check(address("postal_code"), "4011")).toEqual(["Kode pos harus 5 digit angka"]);
  });
});
