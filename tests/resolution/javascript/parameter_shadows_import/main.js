import { helper } from "./util.js";

export function apply(helper) {
  return helper();
}

export function plain() {
  return helper();
}
