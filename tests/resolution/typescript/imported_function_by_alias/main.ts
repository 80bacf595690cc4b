import { helper as inc } from "./a";

export function run(): number {
  return inc(1);
}
