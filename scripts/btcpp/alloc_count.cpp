// A replaced global operator new that counts calls and bytes (the delete forms free as usual).
// btcpp_bench reports the count over its steps divided by the number of steps.
#include <cstdlib>
#include <new>

#include "bench.hpp"

namespace
{
uint64_t g_count = 0;
uint64_t g_bytes = 0;

void* counted(std::size_t n)
{
  g_count++;
  g_bytes += n;
  if(void* p = std::malloc(n == 0 ? 1 : n))
    return p;
  throw std::bad_alloc();
}

void* counted_aligned(std::size_t n, std::align_val_t al)
{
  g_count++;
  g_bytes += n;
  const std::size_t a = static_cast<std::size_t>(al);
  const std::size_t size = (n + a - 1) / a * a;
  if(void* p = std::aligned_alloc(a, size == 0 ? a : size))
    return p;
  throw std::bad_alloc();
}
}  // namespace

bench::Allocs bench::allocs()
{
  return { g_count, g_bytes };
}

void* operator new(std::size_t n)
{
  return counted(n);
}
void* operator new[](std::size_t n)
{
  return counted(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept
{
  try
  {
    return counted(n);
  }
  catch(...)
  {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept
{
  try
  {
    return counted(n);
  }
  catch(...)
  {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t a)
{
  return counted_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a)
{
  return counted_aligned(n, a);
}
void operator delete(void* p) noexcept
{
  std::free(p);
}
void operator delete[](void* p) noexcept
{
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept
{
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept
{
  std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept
{
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept
{
  std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept
{
  std::free(p);
}
