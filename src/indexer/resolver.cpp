#include "resolver_impl.h"

namespace cg::indexer {

Resolver::Resolver(store::IndexReader& reader, size_t maxHeldDefinitions,
                   ResolverMemory::State* memory)
    : impl_(std::make_unique<Impl>(reader, maxHeldDefinitions, memory)) {}
Resolver::~Resolver() = default;

Status Resolver::prepare(const std::string& repositoryName, const std::filesystem::path& root) {
  auto& kept = impl_->kept;
  // The files and their imports are as when it was filled, and so are the root and its name.
  if (kept.valid && kept.modules.repositoryName() == repositoryName && kept.modules.root() == root)
    return okStatus();
  kept.rawBindings.clear();
  kept.bindings.clear();
  kept.includeClosures.clear();
  kept.implementations.clear();
  auto files = impl_->reader.files();
  if (!files) return files.error();
  kept.modules.load(std::move(*files), repositoryName, root);
  kept.valid = true;
  ++kept.fills;
  return okStatus();
}

Status Resolver::readStatus() const {
  if (impl_->readFailure) return *impl_->readFailure;
  return okStatus();
}

ResolverMemory::ResolverMemory() : state_(std::make_unique<State>()) {}
ResolverMemory::~ResolverMemory() = default;
void ResolverMemory::reset() {
  const uint64_t fills = state_->fills;
  State fresh;
  std::swap(*state_, fresh);
  state_->fills = fills;
}
bool ResolverMemory::valid() const {
  return state_->valid;
}

std::vector<Resolution> Resolver::resolveInheritance(const std::vector<PendingRef>& refs) {
  std::vector<Resolution> inheritance;
  for (const auto& r : refs)
    if (r.kind == RefKind::kExtends || r.kind == RefKind::kImplements)
      inheritance.push_back(impl_->resolveRef(r));
  return inheritance;
}

void Resolver::basesChanged() {
  impl_->basesCache.clear();
  impl_->basesEndOutsideCache.clear();
}

std::vector<Resolution> Resolver::resolveOthers(const std::vector<PendingRef>& refs) {
  std::vector<Resolution> out;
  out.reserve(refs.size());
  for (const auto& r : refs)
    if (r.kind != RefKind::kExtends && r.kind != RefKind::kImplements)
      out.push_back(impl_->resolveRef(r));
  return out;
}

std::vector<Resolution> Resolver::resolveMore(const std::vector<PendingRef>& refs) {
  // Between pages, the definitions read so far are forgotten once they are many: a full index of
  // the kernel would otherwise end up holding nearly all of its 4.2 M definitions (~0.7 GB)
  // (and copies of them per kind and language) for names most pages never see again. Reading a
  // name again costs one indexed query.
  if (impl_->defById.size() > impl_->maxHeldDefinitions) {
    impl_->defsCache.clear();
    impl_->valueDefsCache.clear();
    impl_->defById.clear();
    impl_->loose.clear();
    impl_->compatibleCache.clear();
    impl_->uniqueCache.clear();
    impl_->typeCache.clear();  // holds pointers to definitions
  }
  std::vector<Resolution> out;
  out.reserve(refs.size());
  for (const auto& r : refs) out.push_back(impl_->resolveRef(r));
  return out;
}

}  // namespace cg::indexer
