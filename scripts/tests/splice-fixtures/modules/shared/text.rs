pub const SAMPLE: &str = "3
6
";
pub fn nothing() {}
