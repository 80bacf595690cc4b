pub mod text;

use text::Buffer;

pub fn greet(name: &str) -> String {
    let mut s = String::new();
    s.push_str(name);
    s
}

pub fn tally(xs: &[u32]) -> u32 {
    let mut v: Vec<u32> = xs.to_vec();
    v.extend_from_slice(xs);
    v.len() as u32
}

pub fn fill(b: &mut Buffer, name: &str) {
    b.push_str(name);
}
