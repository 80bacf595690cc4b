import { Repo } from "./models";

export function makeRepo(): Repo {
  return new Repo();
}
