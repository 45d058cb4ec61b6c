import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env";

describe("readEnv", () => {
  it("starts with no variables set", () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      SEED_DEMO_DATA: true,
      BUSINESS_TIMEZONE: "America/New_York",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(readEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("lists every bad variable at once", () => {
    try {
      readEnv({ PORT: "abc", DATABASE_URL: "mysql://x", BUSINESS_TIMEZONE: "Mars/Base", SEED_DEMO_DATA: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "BUSINESS_TIMEZONE", "SEED_DEMO_DATA"])
        expect(problems).toContain(name);
    }
  });

  it("reads flags and numbers", () => {
    const env = readEnv({ PORT: "8080", SEED_DEMO_DATA: "false", DATABASE_URL: "postgres://u@h/db" });
    expect(env).toMatchObject({ PORT: 8080, SEED_DEMO_DATA: false, DATABASE_URL: "postgres://u@h/db" });
  });
});

describe("TRUST_PROXY", () => {
  it("is the number of proxies in front; true is one, as it meant before it took a count", () => {
    const proxies = (value?: string) => readEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect([proxies(), proxies("false"), proxies("0"), proxies("true"), proxies("1"), proxies("2")]).toEqual([
      0, 0, 0, 1, 1, 2,
    ]);
    expect(() => readEnv({ TRUST_PROXY: "all" })).toThrow(/TRUST_PROXY: must be the number of proxies/);
  });
});

describe("the rate limits", () => {
  // What a server started without RATE_LIMIT_* holds: the API tests pass limits of their own, and
  // the end-to-end runs raise these through the variables.
  it("default to 5 sign-ins an address, 10 an account, 3 sign-ups and 10 visitor booking requests a minute", () => {
    expect(readEnv({})).toMatchObject({
      RATE_LIMIT_SIGN_IN: 5,
      RATE_LIMIT_SIGN_IN_ACCOUNT: 10,
      RATE_LIMIT_SIGN_UP: 3,
      RATE_LIMIT_BOOKINGS: 10,
    });
  });
});

describe("site configuration from the environment", () => {
  it("keeps the demo business by default and shows no social links until their URLs are set", async () => {
    const { siteConfigFromEnv } = await import("./site");
    const { socialLinks } = await import("~/lib/site-config");
    const defaults = siteConfigFromEnv(readEnv({}));
    expect(defaults.name).toBe("Sparkle Auto Spa");
    expect(socialLinks(defaults)).toEqual([]);

    const custom = siteConfigFromEnv(
      readEnv({
        SOCIAL_INSTAGRAM_URL: "https://instagram.com/sparkle",
        BUSINESS_LATITUDE: "51.5",
        BUSINESS_LONGITUDE: "-0.12",
        PUBLIC_URL: "https://sparkle.example/",
      }),
    );
    expect(socialLinks(custom)).toEqual([{ network: "instagram", url: "https://instagram.com/sparkle" }]);
    expect(custom.geo).toEqual({ latitude: 51.5, longitude: -0.12 });
    expect(custom.publicUrl).toBe("https://sparkle.example");
  });

  it("refuses a social link that is not a URL and coordinates out of range", () => {
    expect(() => readEnv({ SOCIAL_FACEBOOK_URL: "facebook.com/x", BUSINESS_LATITUDE: "123" })).toThrow(
      /SOCIAL_FACEBOOK_URL[\s\S]*BUSINESS_LATITUDE|BUSINESS_LATITUDE[\s\S]*SOCIAL_FACEBOOK_URL/,
    );
  });
});
