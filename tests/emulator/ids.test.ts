import {
  BASE62_ALPHABET,
  ID_PREFIX,
  KSUID_EPOCH_SECONDS,
  newId,
  newKsuid,
  newOperationId,
} from "../../emulator/model/ids";

function decodeSeconds(ksuid: string): number {
  let n = 0n;
  for (const ch of ksuid) n = n * 62n + BigInt(BASE62_ALPHABET.indexOf(ch));
  return Number(n >> 128n) + KSUID_EPOCH_SECONDS;
}

describe("ids", () => {
  it("are a prefix plus 27 base62 characters", () => {
    expect(newId("sshca_")).toMatch(/^sshca_[0-9A-Za-z]{27}$/);
    expect(newId("edghtsrt_")).toMatch(/^edghtsrt_[0-9A-Za-z]{27}$/);
    expect(newId(ID_PREFIX.sshCredential)).toMatch(/^sshcr_[0-9A-Za-z]{27}$/);
    expect(newOperationId()).toMatch(/^op_[0-9A-Za-z]{27}$/);
  });

  it("carry the creation time in seconds, KSUID style", () => {
    const before = Math.floor(Date.now() / 1000);
    const seconds = decodeSeconds(newKsuid());
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(decodeSeconds(newKsuid(Date.UTC(2030, 0, 1)))).toBeGreaterThanOrEqual(
      Date.UTC(2030, 0, 1) / 1000,
    );
  });

  it("are strictly increasing and unique, even within one second", () => {
    const ids = Array.from({ length: 5000 }, () => newKsuid(1_700_000_000_000));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Not simply +1: consecutive ids within a second still differ in many places.
    const differing = [...ids[1]].filter((ch, i) => ch !== ids[0][i]).length;
    expect(differing).toBeGreaterThan(1);
  });
});
