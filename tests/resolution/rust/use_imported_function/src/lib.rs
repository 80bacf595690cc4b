pub mod cache;
pub mod store;

use store::save;

pub fn persist(key: &str) -> bool {
    save(key)
}
