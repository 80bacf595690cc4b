function helper(x) {
  return x - 1;
}

module.exports = { helper };
