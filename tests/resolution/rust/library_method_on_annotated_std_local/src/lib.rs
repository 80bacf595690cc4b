pub mod text;

use text::Buffer;

pub fn tally(xs: &[u32]) -> u32 {
    let mut v: Vec<u32> = Vec::with_capacity(4);
    v.extend_from_slice(xs);
    v.len() as u32
}

pub fn fill(b: &mut Buffer, xs: &[String]) {
    b.extend_from_slice(xs);
}
