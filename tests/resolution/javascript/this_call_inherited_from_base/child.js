import { Base } from "./base.js";

export class Child extends Base {
  run() {
    return this.log("run");
  }
}
