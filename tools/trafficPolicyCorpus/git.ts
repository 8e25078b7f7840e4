/**
 * A local copy of a repository, read at one commit with git itself: a clone, a work tree or the
 * bare git directory the search tool's `fetch` leaves. Nothing is fetched.
 *
 * @module
 */
import { execFileSync } from "node:child_process";

/** The files of one commit of a repository. */
export interface GitTree {
  /** The commit read (40 hex digits). */
  readonly commit: string;
  /** Every file's path at that commit, in git's order. */
  readonly paths: readonly string[];
  /**
   * The texts of `paths` (UTF-8), read in one `git cat-file --batch`; a file the copy lacks (a
   * snapshot keeps no large file) is left out.
   */
  texts(paths: readonly string[]): Map<string, string>;
}

/** `git` in `directory`, its output (up to 1 GiB). */
function git(directory: string, args: readonly string[], input?: string): Buffer {
  return execFileSync("git", ["-C", directory, ...args], {
    input,
    maxBuffer: 1 << 30,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** The tree of `revision` (default `HEAD`) of the repository at `directory`. */
export function gitTree(directory: string, revision = "HEAD"): GitTree {
  const commit = git(directory, ["rev-parse", "--verify", `${revision}^{commit}`])
    .toString("utf8")
    .trim();
  const listing = git(directory, ["ls-tree", "-r", "-z", "--full-tree", commit]).toString("utf8");
  const blobs = new Map<string, string>();
  for (const line of listing.split("\0")) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(line);
    if (match !== null) blobs.set(match[2], match[1]);
  }
  return {
    commit,
    paths: [...blobs.keys()],
    texts(paths) {
      const wanted = paths.filter((path) => blobs.has(path));
      const ids = wanted.map((path) => blobs.get(path) ?? "");
      const contents = catBlobs(directory, ids);
      const out = new Map<string, string>();
      wanted.forEach((path, index) => {
        const text = contents.get(ids[index]);
        if (text !== undefined) out.set(path, text);
      });
      return out;
    },
  };
}

/** The contents of `ids` by id, from `git cat-file --batch` (a missing object is left out). */
function catBlobs(directory: string, ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const batch = git(directory, ["cat-file", "--batch"], ids.map((id) => `${id}\n`).join(""));
  let at = 0;
  while (at < batch.length) {
    const end = batch.indexOf(10, at);
    const header = batch.subarray(at, end).toString("utf8").split(" ");
    at = end + 1;
    if (header[1] === "missing" || header.length < 3) continue;
    const size = Number(header[2]);
    out.set(header[0], batch.subarray(at, at + size).toString("utf8"));
    at += size + 1; // the content, then a newline
  }
  return out;
}
