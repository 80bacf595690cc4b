import { helper } from "./util.js";

export function outer() {
  function helper() {
    return "local";
  }
  return helper();
}

export function plain() {
  return helper();
}
