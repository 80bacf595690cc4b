import { Repo } from "./models";

export function store(repo: Repo, item: string): string {
  return repo.save(item);
}

export function storeAny(thing: any, item: string): void {
  thing.save(item);
}
