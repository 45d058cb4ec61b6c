/** Browsers by their user-agent token, most specific first (Edge and Opera also say "Chrome"). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\b(Headless)?Chrome\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

/** Systems, most specific first (Android also says "Linux", iPhones "like Mac OS X"). */
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A session's device in plain words, from its user agent: "Chrome on Android", "Safari on iPhone".
 * What the user agent does not say is left out; nothing at all is "Unknown device".
 */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
