import { Base } from "./base.js";

export class Child extends Base {
  save(item) {
    return super.save(item);
  }
}
