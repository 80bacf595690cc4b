import { Repo } from "./models.js";

export class Service {
  constructor() {
    this.repo = new Repo();
  }

  store(item) {
    return this.repo.save(item);
  }
}
