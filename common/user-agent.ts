/**
 * A person-readable browser and device from a user-agent string. A small,
 * ordered set of rules (no user-agent library is installed; decision 13): good
 * enough to tell one's own sessions apart, not a full parser.
 */
export interface DescribedAgent {
  browser: string;
  device: string;
}

const browsers: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Chrome (headless)'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/node|undici|curl\/|python-requests/i, 'Script'],
];

const systems: Array<[RegExp, string]> = [
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/Android[^;)]*;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?\)/, 'Android'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** Describes a user agent; unknown parts read 'Unknown browser' / 'Unknown device'. */
export function describeUserAgent(userAgent: string | null | undefined): DescribedAgent {
  const agent = userAgent ?? '';
  let browser = 'Unknown browser';
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(agent);
    if (!match) continue;
    const version = match.slice(1).find(Boolean);
    browser = version ? `${name} ${version}` : name;
    break;
  }
  let device = 'Unknown device';
  for (const [pattern, name] of systems) {
    if (!pattern.test(agent)) continue;
    const mobile =
      name === 'Android' || name === 'iPhone' || name === 'iPad' ? '' : /Mobile/.test(agent) ? ' (mobile)' : '';
    device = `${name}${mobile}`;
    break;
  }
  return { browser, device };
}
