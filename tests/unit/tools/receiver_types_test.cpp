// Receiver types (docs/captures.md "Receiver types"), end to end on small trees: a method call
// binds through the type its receiver's declaration says, and "who calls" an implementation
// shows the calls made through the interface it implements, marked `via` that method.
#include <gtest/gtest.h>

#include "indexed_repo.h"

namespace cg::tools::testing {
namespace {

// The incoming call at `line` of `file` (the caller's uid starts with its path), or null.
const Json* callAt(const Json& answer, const std::string& file, int line) {
  if (!answer.contains("incoming") || !answer["incoming"].contains("calls")) return nullptr;
  for (const auto& c : answer["incoming"]["calls"])
    if (c["symbol_uid"].is_string() && c["symbol_uid"].get<std::string>().rfind(file + "::", 0) == 0 &&
        c["line"] == line)
      return &c;
  return nullptr;
}

TEST(ReceiverTypes, GoInterfaceCallBindsTheInterfaceAndReachesItsImplementationVia) {
  TempDir dir;
  writeFile(dir.path / "go.mod", "module example.com/shop\n");
  writeFile(dir.path / "store/store.go",
            "package store\n\ntype Store interface {\n\tGet(key string) (string, error)\n}\n");
  writeFile(dir.path / "store/mem.go",
            "package store\n\ntype MemStore struct{ m map[string]string }\n\n"
            "func NewMemStore() *MemStore { return &MemStore{} }\n\n"
            "func (s *MemStore) Get(key string) (string, error) { return s.m[key], nil }\n");
  writeFile(dir.path / "api/handler.go",
            "package api\n\nimport \"example.com/shop/store\"\n\n"
            "type Server struct{ db store.Store }\n\n"
            "func Serve(s store.Store) {\n"  // line 7
            "\ts.Get(\"a\")\n"               // line 8: through the interface
            "}\n\n"
            "func Direct() {\n"
            "\tm := store.NewMemStore()\n"
            "\tm.Get(\"b\")\n"  // line 13: on the concrete type
            "}\n\n"
            "func (srv *Server) Handle() {\n"
            "\tsrv.db.Get(\"c\")\n"  // line 17: a field's declared type
            "}\n");
  IndexedRepo repo(dir.path);

  Json store = repo.json("symbol_context", {{"symbol_name", "Store.Get"}});
  ASSERT_EQ(store["status"], "found") << store.dump(1);
  const Json* viaParam = callAt(store, "api/handler.go", 8);
  ASSERT_NE(viaParam, nullptr) << "s.Get() with `s store.Store` calls Store.Get: " << store.dump(1);
  EXPECT_FALSE(viaParam->contains("via"));
  EXPECT_FALSE(viaParam->contains("confidence"));  // 1.0, the default, is left out
  EXPECT_NE(callAt(store, "api/handler.go", 17), nullptr)
      << "srv.db.Get() through the field `db store.Store`: " << store.dump(1);

  Json mem = repo.json("symbol_context", {{"symbol_name", "MemStore.Get"}});
  ASSERT_EQ(mem["status"], "found") << mem.dump(1);
  const Json* direct = callAt(mem, "api/handler.go", 13);
  ASSERT_NE(direct, nullptr) << "m := store.NewMemStore(); m.Get(): " << mem.dump(1);
  EXPECT_FALSE(direct->contains("via"));
  const Json* through = callAt(mem, "api/handler.go", 8);
  ASSERT_NE(through, nullptr) << "the call through Store reaches MemStore.Get: " << mem.dump(1);
  EXPECT_EQ((*through)["via"], "store/store.go::Store.Get::method");
}

TEST(ReceiverTypes, PythonAndTypeScriptFollowAnnotationsConstructorsAndResultTypes) {
  TempDir dir;
  writeFile(dir.path / "env.py",
            "class Env:\n    def get(self):\n        return 1\n\n"
            "    def child(self) -> \"Env\":\n        return Env()\n");
  writeFile(dir.path / "app.py",
            "from env import Env\n\n\nclass App:\n    def __init__(self, env: Env):\n"
            "        self.env = env\n\n"
            "    def run(self):\n"
            "        self.env.get()\n"  // line 9: self.x typed by the constructor's parameter
            "        e = Env()\n"
            "        e.child().get()\n");  // line 11: a result type
  writeFile(dir.path / "shop.ts",
            "export abstract class Provider { abstract send(): void; }\n"
            "export class Wallet { constructor(private readonly p: Provider) {}\n"
            "  pay() { this.p.send(); }\n"  // line 3: a parameter property's type
            "}\n");
  IndexedRepo repo(dir.path);

  Json get = repo.json("symbol_context", {{"symbol_name", "Env.get"}});
  ASSERT_EQ(get["status"], "found") << get.dump(1);
  EXPECT_NE(callAt(get, "app.py", 9), nullptr) << get.dump(1);
  EXPECT_NE(callAt(get, "app.py", 11), nullptr) << get.dump(1);

  Json send = repo.json("symbol_context", {{"symbol_name", "Provider.send"}});
  ASSERT_EQ(send["status"], "found") << send.dump(1);
  EXPECT_NE(callAt(send, "shop.ts", 3), nullptr)
      << "an abstract method, called through this.p: " << send.dump(1);
}

TEST(ReceiverTypes, ALibraryTypedReceiverNeverBindsARepositoryMethodByName) {
  TempDir dir;
  writeFile(dir.path / "go.mod", "module example.com/w\n");
  writeFile(dir.path / "w/buf.go",
            "package w\n\ntype Buf struct{}\n\nfunc (b *Buf) WriteString(s string) {}\n");
  writeFile(dir.path / "w/use.go",
            "package w\n\nimport \"strings\"\n\n"
            "func Use() {\n\tvar sb strings.Builder\n\tsb.WriteString(\"x\")\n}\n");
  IndexedRepo repo(dir.path);
  Json ws = repo.json("symbol_context", {{"symbol_name", "Buf.WriteString"}});
  ASSERT_EQ(ws["status"], "found") << ws.dump(1);
  EXPECT_EQ(callAt(ws, "w/use.go", 7), nullptr)
      << "sb is a strings.Builder, library code: " << ws.dump(1);
}

// `Mid.run(self)` where Mid inherits run from Base: the call binds Base.run (the qualified-name
// step reads declared members only); an annotated `self.env: Env` inside an `if` of
// __init__ declares the field that types `self.env.get()`.
TEST(ReceiverTypes, PythonInheritedQualifiedCallsAndNestedAnnotatedFields) {
  TempDir dir;
  writeFile(dir.path / "inh.py",
            "class Base:\n    def run(self):\n        return 1\n\n"
            "class Mid(Base):\n    pass\n\n"
            "class Env:\n    def get(self):\n        return 2\n\n"
            "class Leaf(Mid):\n"
            "    def __init__(self, env):\n"
            "        if env is not None:\n"
            "            self.env: Env = env\n"
            "    def run(self):\n"
            "        self.env.get()\n"       // line 17
            "        return Mid.run(self)\n");  // line 18
  IndexedRepo repo(dir.path);
  Json run = repo.json("symbol_context", {{"symbol_uid", "inh.py::Base.run::method"}});
  EXPECT_NE(callAt(run, "inh.py", 18), nullptr) << run.dump(1);
  Json get = repo.json("symbol_context", {{"symbol_uid", "inh.py::Env.get::method"}});
  EXPECT_NE(callAt(get, "inh.py", 17), nullptr) << get.dump(1);
}

}  // namespace
}  // namespace cg::tools::testing
