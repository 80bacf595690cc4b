import { Repo, Cache } from "./models";

export class Service {
  constructor(private readonly repo: Repo, private cache: Cache) {}

  store(item: string): string {
    return this.repo.save(item);
  }
}
