pub mod cache;
pub mod store;

use cache::save as remember;
use store::save as persist;

pub fn keep(key: &str) -> bool {
    persist(key)
}

pub fn hold(key: &str) -> bool {
    remember(key)
}
