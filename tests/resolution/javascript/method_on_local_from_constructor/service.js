import { Repo } from "./models.js";

export function store(item) {
  const repo = new Repo();
  return repo.save(item);
}
