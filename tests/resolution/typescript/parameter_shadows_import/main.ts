import { helper } from "./util";

export function apply(helper: () => string): string {
  return helper();
}

export function plain(): string {
  return helper();
}
