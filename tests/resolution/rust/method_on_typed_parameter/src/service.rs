use crate::models::{Cache, Repo};

pub fn store(repo: &Repo, item: u32) -> u32 {
    repo.save(item)
}

pub fn remember(cache: Cache, item: u32) -> u32 {
    cache.save(item)
}
