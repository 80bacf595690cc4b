const { helper } = require("./a");

function run() {
  return helper(1);
}

module.exports = { run };
