import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { as, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { storedUploads } from "../../tests/stored-uploads";
import { setupTestApp } from "../../tests/test-app";
import { UPLOAD_RETRY_AFTER_SECONDS } from "./uploads.routes";

const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
});

function upload(
  account: TestAccount | null,
  files: { bytes: Uint8Array; name: string; type?: string; field?: string }[],
) {
  const form = new FormData();
  for (const file of files)
    form.append(
      file.field ?? "image",
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "" }),
    );
  return t.request("/api/uploads", as(account, { method: "POST", body: form }));
}

const storedFiles = () => storedUploads(t);

/** A photo-like JPEG with camera metadata, as phones produce. */
async function cameraPhoto(width: number, height: number): Promise<Uint8Array> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Camera 12" } })
    .toBuffer();
}

/** A PNG whose header claims 20000 × 20000 pixels: only its header is valid, as in a decompression bomb. */
function pixelBomb(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(60_001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("POST /api/uploads", () => {
  it("re-encodes a photo to WebP without its metadata, bounded in size, and serves it for a year", async () => {
    const photo = await cameraPhoto(3000, 2000);
    const response = await upload(admin, [{ bytes: photo, name: "IMG_0042.JPG", type: "image/jpeg" }]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: { display_url: string } };
    expect(body).toEqual({
      success: true,
      data: { display_url: expect.stringMatching(/^\/uploads\/[0-9a-f]{24}\.webp$/) },
    });

    const served = await t.request(body.data.display_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 2048, height: 1365 });
    expect(metadata.exif).toBeUndefined();

    const card = await t.request(body.data.display_url.replace(".webp", "-640w.webp"));
    expect(card.status).toBe(200);
    expect(await sharp(new Uint8Array(await card.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 640,
      height: 427,
    });
  });

  it("stores a PDF as it is", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const response = await upload(admin, [
      { bytes: pdf, name: "price-list.pdf", type: "application/pdf", field: "file" },
    ]);
    const { data } = (await response.json()) as { data: { display_url: string } };
    const served = await t.request(data.display_url);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);

    // A viewer's (or a video player's) range request gets that part; HEAD the size.
    const part = await t.request(data.display_url, { headers: { Range: "bytes=5-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 5-7/${pdf.length}`);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe("1.4");
    const head = await t.request(data.display_url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(pdf.length));
  });

  const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);

  it.each([
    [
      "a renamed executable",
      () => [{ bytes: elf, name: "photo.jpg", type: "image/jpeg" }],
      400,
      "Only JPEG, PNG, PDF or MP4 files can be uploaded.",
    ],
    [
      "a PNG declared as JPEG",
      async () => [
        {
          bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
            .png()
            .toBuffer(),
          name: "car.png",
          type: "image/jpeg",
        },
      ],
      400,
      "This file is a PNG but was declared as image/jpeg. Upload it as what it is.",
    ],
    [
      "a PNG named .jpg",
      async () => [
        {
          bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
            .png()
            .toBuffer(),
          name: "car.jpg",
        },
      ],
      400,
      "This file is a PNG but was named car.jpg. Upload it as what it is.",
    ],
    [
      "a pixel bomb",
      () => [{ bytes: pixelBomb(), name: "huge.png", type: "image/png" }],
      400,
      "This image is too large to process (over 40 megapixels).",
    ],
    [
      "a 51 MB file",
      () => {
        const big = new Uint8Array(51 * 1024 * 1024);
        big.set([0xff, 0xd8, 0xff]);
        return [{ bytes: big, name: "big.jpg", type: "image/jpeg" }];
      },
      413,
      "Max file size 50MB",
    ],
    [
      "a truncated JPEG",
      () => [{ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), name: "broken.jpg" }],
      400,
      "This image could not be read. Try another file.",
    ],
    ["no file", () => [], 400, "Image required"],
    [
      "two files",
      () => [
        { bytes: elf, name: "a.pdf" },
        { bytes: elf, name: "b.pdf" },
      ],
      400,
      "Upload one file at a time.",
    ],
  ])("refuses %s with a clear message and leaves no file behind", async (_label, files, status, message) => {
    const before = await storedFiles();
    const response = await upload(admin, await files());
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ["visitor", null, 401],
    ["member", "member", 403],
  ] as const)("refuses a %s", async (_label, who, status) => {
    const before = await storedFiles();
    const response = await upload(who ? member : null, [
      { bytes: await cameraPhoto(16, 16), name: "a.jpg", type: "image/jpeg" },
    ]);
    expect(response.status).toBe(status);
    expect(await storedFiles()).toEqual(before);
  });

  it("serves only stored names", async () => {
    expect((await t.request("/uploads/../../etc/passwd")).status).toBe(404);
    expect((await t.request("/uploads/0123456789abcdef01234567.webp")).status).toBe(404);
  });
});

describe("uploads arriving together (issue 24, finding 6)", () => {
  const pdf = () => new TextEncoder().encode(`%PDF-1.4\n${"x".repeat(4_000)}`);

  /** An upload whose body stops after its first bytes until `release`; `read` settles once the server reads on. */
  async function heldUpload() {
    const form = new FormData();
    form.append("image", new File([pdf()], "held.pdf", { type: "application/pdf" }));
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let release!: () => void;
    let reading!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const read = new Promise<void>((resolve) => (reading = resolve));
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(bytes.subarray(0, 100));
          return;
        }
        reading();
        await released;
        controller.enqueue(bytes.subarray(100));
        controller.close();
      },
    });
    const init = {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": encoded.headers.get("content-type")! },
    };
    const response = t.request("/api/uploads", as(admin, init as RequestInit));
    return { response, read, release };
  }

  it("takes one at a time: another is refused with 503 and Retry-After, and taken once the first is done", async () => {
    const first = await heldUpload();
    await first.read;
    const second = await upload(admin, [{ bytes: pdf(), name: "second.pdf", type: "application/pdf" }]);
    expect(second.status).toBe(503);
    expect(second.headers.get("Retry-After")).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
    expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(/try again/i);
    first.release();
    expect((await first.response).status).toBe(200);
    const third = await upload(admin, [{ bytes: pdf(), name: "third.pdf", type: "application/pdf" }]);
    expect(third.status).toBe(200);
  });

  it("gives the place back when an upload is refused", async () => {
    const refused = await upload(admin, [{ bytes: new Uint8Array([1, 2, 3]), name: "x.pdf" }]);
    expect(refused.status).toBe(400);
    expect((await upload(admin, [{ bytes: pdf(), name: "next.pdf", type: "application/pdf" }])).status).toBe(200);
  });
});
