pub mod traits;
pub mod models;

use models::Repo;
use traits::Describe;

pub fn show(r: &Repo) -> String {
    r.describe()
}
