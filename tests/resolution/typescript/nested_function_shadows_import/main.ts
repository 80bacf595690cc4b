import { helper } from "./util";

export function outer(): string {
  function helper(): string {
    return "local";
  }
  return helper();
}

export function plain(): string {
  return helper();
}
