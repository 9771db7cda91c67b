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

// Big enough that a hand-over costs nothing next to converting it (three
// thousand domains, over 100 µs), small enough that a batch's input and
// output stay in a core's L2 cache while it is converted, and that the
// batches in flight (2N + 4 with N jobs) stay about a megabyte: 256 KiB
// batches were 8% slower, with -j 1 and -j 2 alike.  The reader starts
// smaller (batch_reader.hpp) so that every thread has work from the first
// milliseconds of a small input.
constexpr std::size_t batch_size = std::size_t{64} << 10;

void run_sequential(batch_reader& reader, record_processor& processor, batch_writer& writer) {
  record_batch b;
  while (writer.ok() && reader.next(b)) {
    processor.process(b);
    writer.write(b);
  }
}

// `jobs` threads, this one among them, each doing in turn what the work
// needs: take the next batch read, convert it, write it if it is due (with
// every converted batch due after it: one thread writes at a time), and
// read ahead.  No thread only reads or only writes: with as many threads
// as CPUs, none waits on a thread that has nothing to do but is not
// running.  One thread reads at a time, up to `jobs` batches ahead, and
// only after writing what it converted; the others take each batch as
// soon as it is read.  So a thread waiting for input from a pipe holds
// back no result, and on a shared machine, when the thread reading is
// descheduled, the others still find batches read.  A batch converted
// ahead of its turn waits in `done_` for the one before it; the pool
// bounds how far ahead the threads may go, and with it the memory.
class parallel_run {
 public:
  parallel_run(const options& opts, unsigned jobs, batch_reader& reader, batch_writer& writer)
      : opts_(opts), jobs_(jobs), reader_(reader), writer_(writer), pool_(2 * std::size_t{jobs} + 4),
        done_(pool_.size(), nullptr) {
    for (record_batch& b : pool_) free_.push_back(&b);
  }

  void run() {
    std::vector<std::thread> threads;
    threads.reserve(jobs_ - 1);
    for (unsigned j = 1; j < jobs_; ++j) threads.emplace_back([this] { work(); });
    work();
    for (std::thread& t : threads) t.join();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void work() {
    try {
      record_processor processor(opts_);
      while (record_batch* b = next_batch()) {
        processor.process(*b);
        write(b);
        read_ahead();
      }
    } catch (...) {
      std::lock_guard lock(m_);
      if (!failure_) failure_ = std::current_exception();
      stop_ = true;
      changed_.notify_all();
    }
  }

  // The oldest batch read ahead, or else the next one read now (once no
  // other thread is reading); null when the input is over or everything
  // stops.
  record_batch* next_batch() {
    std::unique_lock lock(m_);
    changed_.wait(lock, [&] { return !read_ahead_.empty() || !reading_ || reading_over_ || stop_; });
    if (!read_ahead_.empty()) {
      record_batch* b = read_ahead_.front();
      read_ahead_.pop_front();
      return b;
    }
    if (reading_over_ || stop_) return nullptr;
    return read_one(lock);
  }

  // Reads until `jobs` batches wait, unless another thread is reading or
  // no batch is free.
  void read_ahead() {
    std::unique_lock lock(m_);
    while (!reading_ && !reading_over_ && !stop_ && read_ahead_.size() < jobs_ && !free_.empty()) {
      record_batch* b = read_one(lock);
      if (b == nullptr) return;
      read_ahead_.push_back(b);
      changed_.notify_all();
    }
  }

  // With m_ held by `lock` and no thread reading: reads the next batch
  // into a free one (waiting for one), with m_ released meanwhile; null
  // when the input is over or everything stops.
  record_batch* read_one(std::unique_lock<std::mutex>& lock) {
    reading_ = true;
    changed_.wait(lock, [&] { return !free_.empty() || stop_; });
    record_batch* b = nullptr;
    if (!stop_) {
      b = free_.back();
      free_.pop_back();
      lock.unlock();
      const bool more = reader_.next(*b);
      lock.lock();
      if (!more) {
        free_.push_back(b);
        b = nullptr;
        reading_over_ = true;
      }
    }
    reading_ = false;
    changed_.notify_all();
    return b;
  }

  // Hands over converted batch `b`: writes it and the batches due after it
  // when it is due and no other thread is writing, or else leaves it to
  // the thread that writes the batch before it.
  void write(record_batch* b) {
    {
      std::lock_guard lock(m_);
      done_[b->sequence % done_.size()] = b;
      if (writing_) return;
      writing_ = true;
    }
    while (true) {
      record_batch* due;
      {
        std::lock_guard lock(m_);
        due = done_[next_ % done_.size()];
        if (due == nullptr || stop_) {
          writing_ = false;
          return;
        }
        done_[next_ % done_.size()] = nullptr;
      }
      writer_.write(*due);
      {
        std::lock_guard lock(m_);
        ++next_;
        free_.push_back(due);
        if (!writer_.ok()) stop_ = true;
      }
      changed_.notify_all();
    }
  }

  const options& opts_;
  unsigned jobs_;
  batch_reader& reader_;
  batch_writer& writer_;
  std::vector<record_batch> pool_;
  std::mutex m_;  // guards everything below, and reader_ is used only by the thread that set reading_
  std::condition_variable changed_;       // a batch was read or freed, reading ended, or everything stops
  std::vector<record_batch*> free_;
  std::deque<record_batch*> read_ahead_;  // read, not yet taken: in sequence
  std::vector<record_batch*> done_;       // converted, not yet written: by sequence % size
  std::uint64_t next_ = 0;                // sequence of the next batch to write
  bool reading_ = false;                  // a thread is reading
  bool writing_ = false;                  // a thread is writing
  bool reading_over_ = false;
  bool stop_ = false;  // writing failed or a thread threw: everything stops
  std::exception_ptr failure_;
};

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
      parallel_run(opts, jobs, reader, writer).run();
    }
  }
  progress.erase();
  return writer.any_failed() ? exit_failure : exit_success;
}

}  // namespace puny::cli
