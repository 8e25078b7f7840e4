/**
 * The order in which the benchmark's sides take turns (tools/bench/rounds.ts, `turn`): over `2 × n`
 * turns of three sides, each side runs at each place, and right after each other side, equally
 * often; two sides alternate.
 */
import { turn } from "../../dist/tools/bench/rounds";

const SIDES = ["executable", "plugin", "classes"] as const;

test("three sides: each at each place, and after each other side, twice in six turns", () => {
  const orders = Array.from({ length: 6 }, (_, n) => turn(SIDES, n));
  expect(new Set(orders.map((order) => order.join(" "))).size).toBe(6);
  for (const side of SIDES) {
    for (let place = 0; place < 3; place++) {
      expect(orders.filter((order) => order[place] === side)).toHaveLength(2);
    }
  }
  const pairs = new Map<string, number>();
  for (const order of orders) {
    for (let i = 1; i < order.length; i++) {
      const pair = `${order[i - 1]}→${order[i]}`;
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
  }
  expect(pairs.size).toBe(6);
  expect([...pairs.values()]).toEqual([2, 2, 2, 2, 2, 2]);
  // The seventh turn starts the cycle again.
  expect(turn(SIDES, 6)).toEqual(turn(SIDES, 0));
});

test("two sides alternate, the first first", () => {
  expect([0, 1, 2, 3].map((n) => turn(["a", "b"], n))).toEqual([
    ["a", "b"],
    ["b", "a"],
    ["a", "b"],
    ["b", "a"],
  ]);
});
