import { makeRepo } from "./factory";

export function store(item: string): string {
  return makeRepo().save(item);
}
