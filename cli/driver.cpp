// puny CLI — running a command over all its records.
#include "driver.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

#include "batch_reader.hpp"
#include "batch_writer.hpp"
#include "progress_meter.hpp"
#include "record_batch.hpp"
#include "record_processor.hpp"

namespace puny::cli {
namespace {

// Big enough that a hand-over costs nothing next to converting it (a few
// thousand domains), small enough that two threads get work from a few
// megabytes of input and that the batches in flight stay a few megabytes.
constexpr std::size_t batch_size = std::size_t{256} << 10;

void run_sequential(batch_reader& reader, record_processor& processor, batch_writer& writer) {
  record_batch b;
  while (writer.ok() && reader.next(b)) {
    processor.process(b);
    writer.write(b);
  }
}

// The reader (this thread) fills free batches and queues them; `jobs`
// workers convert them; the writer thread writes them in sequence and
// frees them.  Batches in flight are bounded by the pool, which gives each
// worker one to convert and one waiting, plus one being read and one being
// written.
void run_parallel(const options& opts, unsigned jobs, batch_reader& reader, batch_writer& writer) {
  const std::size_t pool_size = 2 * std::size_t{jobs} + 2;
  std::vector<record_batch> pool(pool_size);
  std::mutex m;
  std::condition_variable work_ready, batch_done, batch_free;
  std::deque<record_batch*> work;
  std::vector<record_batch*> done(pool_size, nullptr);  // by sequence % pool_size
  std::vector<record_batch*> free;
  for (record_batch& b : pool) free.push_back(&b);
  bool reading_over = false;
  bool stop = false;  // writing failed: everything stops
  std::uint64_t produced = 0;
  std::exception_ptr failure;

  auto worker = [&] {
    try {
      record_processor processor(opts);
      while (true) {
        record_batch* b;
        {
          std::unique_lock lock(m);
          work_ready.wait(lock, [&] { return !work.empty() || reading_over || stop; });
          if (work.empty()) return;
          b = work.front();
          work.pop_front();
        }
        processor.process(*b);
        {
          std::lock_guard lock(m);
          done[b->sequence % pool_size] = b;
        }
        batch_done.notify_one();
      }
    } catch (...) {
      std::lock_guard lock(m);
      if (!failure) failure = std::current_exception();
      stop = true;
      work_ready.notify_all();
      batch_done.notify_all();
      batch_free.notify_all();
    }
  };

  auto write_in_order = [&] {
    for (std::uint64_t next = 0;; ++next) {
      record_batch* b;
      {
        std::unique_lock lock(m);
        batch_done.wait(lock, [&] { return done[next % pool_size] != nullptr || (reading_over && next == produced) || stop; });
        b = done[next % pool_size];
        if (b == nullptr) return;
        done[next % pool_size] = nullptr;
      }
      writer.write(*b);
      {
        std::lock_guard lock(m);
        if (!writer.ok()) stop = true;
        free.push_back(b);
      }
      if (!writer.ok()) {
        work_ready.notify_all();
        batch_done.notify_all();
      }
      batch_free.notify_one();
    }
  };

  std::vector<std::thread> threads;
  threads.reserve(jobs + 1);
  for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(worker);
  threads.emplace_back(write_in_order);

  while (true) {
    record_batch* b;
    {
      std::unique_lock lock(m);
      batch_free.wait(lock, [&] { return !free.empty() || stop; });
      if (stop) break;
      b = free.back();
      free.pop_back();
    }
    const bool more = reader.next(*b);
    std::lock_guard lock(m);
    if (!more) {
      free.push_back(b);
      break;
    }
    ++produced;
    work.push_back(b);
    work_ready.notify_one();
  }
  {
    std::lock_guard lock(m);
    reading_over = true;
  }
  work_ready.notify_all();
  batch_done.notify_all();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

unsigned default_jobs() noexcept {
  const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  return online < 1 ? 1u : static_cast<unsigned>(std::min<long>(online, 1024));
}

int run_command(const options& opts) {
  const bool arguments = !opts.strings.empty();
  std::vector<input_name> inputs;
  if (!arguments) {
    for (const std::string_view f : opts.files) inputs.push_back({std::string(f)});
    if (inputs.empty()) inputs.push_back({"-"});
  }
  batch_reader reader(inputs, record_terminator(opts), batch_size);
  progress_meter progress(STDERR_FILENO, arguments ? 0 : reader.total_size());
  batch_writer writer(STDOUT_FILENO, STDERR_FILENO, reader.inputs(), arguments, opts.null_records, progress);

  if (arguments) {
    record_processor processor(opts);
    record_batch b;
    b.arguments.assign(opts.strings.begin(), opts.strings.end());
    processor.process(b);
    writer.write(b);
  } else {
    const unsigned jobs = opts.jobs == 0 ? default_jobs() : opts.jobs;
    if (jobs == 1) {
      record_processor processor(opts);
      run_sequential(reader, processor, writer);
    } else {
      run_parallel(opts, jobs, reader, writer);
    }
  }
  progress.erase();
  return writer.any_failed() ? exit_failure : exit_success;
}

}  // namespace puny::cli
