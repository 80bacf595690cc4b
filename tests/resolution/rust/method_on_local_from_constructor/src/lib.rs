pub mod models;

use models::{Mirror, Repo};

pub fn sync_repo() -> u32 {
    let r = Repo::new();
    r.sync()
}

pub fn sync_mirror() -> u32 {
    let m = Mirror { depth: 2 };
    m.sync()
}
