#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "codegraph/lang/extractor.h"

// Temporary bootstrap main: debug-extract only (the full command line follows).
int main(int argc, char** argv) {
  if (argc < 3 || std::string(argv[1]) != "debug-extract") return 2;
  std::ifstream in(argv[2], std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string src = ss.str();
  const auto* lang = cg::lang::detectLanguage(argv[2], src.substr(0, 512));
  if (!lang) { std::cerr << "unknown language\n"; return 1; }
  cg::lang::Extractor ex;
  if (argc > 3 && std::string(argv[3]) == "--tree") { std::cout << ex.parseTree(*lang, src) << "\n"; return 0; }
  auto r = ex.extract(*lang, src);
  if (!r) { std::cerr << r.error().message << "\n"; return 1; }
  std::cout << cg::lang::renderExtraction(*r);
  return 0;
}
