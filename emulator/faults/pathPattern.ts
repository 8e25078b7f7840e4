/**
 * Path patterns of fault rules (`FaultRule.path`): literal segments, `*` = exactly one non-empty
 * segment, `**` = zero or more segments (also mid-pattern). Patterns are matched against the
 * path without query, as sent (not percent-decoded).
 */

/** Splits a path (starting with `/`) into its segments: `"/a/b"` → `["a", "b"]`, `"/"` → `[""]`. */
function segmentsOf(path: string): string[] {
  return path.slice(1).split("/");
}

/** Why a path pattern is invalid, or `undefined` when it is valid. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith("/")) return "must start with /";
  if (/[?#\s]/.test(pattern)) return "must be a path without query, fragment or whitespace";
  for (const segment of segmentsOf(pattern)) {
    if (segment.includes("*") && segment !== "*" && segment !== "**") {
      return `may use * and ** only as whole segments, got segment ${JSON.stringify(segment)}`;
    }
  }
  return undefined;
}

/**
 * Compiles a validated path pattern (see `FaultRule.path`) into a predicate on request
 * paths (without query). Runs in O(pattern segments × path segments), however many `**`.
 */
export function compilePathPattern(pattern: string): (path: string) => boolean {
  const parts = segmentsOf(pattern);
  return (path: string) => {
    const segments = segmentsOf(path.startsWith("/") ? path : `/${path}`);
    // matched[j]: the pattern parts seen so far can match the first j path segments.
    let matched = segments.map(() => false).concat(false);
    matched[0] = true;
    for (const part of parts) {
      const next = matched.map(() => false);
      for (let j = 0; j <= segments.length; j++) {
        if (part === "**") {
          next[j] = matched[j] || (j > 0 && next[j - 1]);
        } else if (j > 0 && matched[j - 1]) {
          const segment = segments[j - 1];
          next[j] = part === "*" ? segment !== "" : part === segment;
        }
      }
      matched = next;
    }
    return matched[segments.length];
  };
}
