//! Running a program on Windows: a Job object holds it from its first
//! instruction, capped in memory and killed as one; its commit watched
//! against the memory limit while it runs.

use super::{address_space_cap, Ending, Stack, Waited, Watch};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io;
use std::os::windows::io::AsRawHandle;
use std::os::windows::process::CommandExt;
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use windows_sys::Win32::Foundation::{
    CloseHandle, ERROR_INTERNAL_ERROR, FILETIME, HANDLE, INVALID_HANDLE_VALUE, WAIT_OBJECT_0,
    WAIT_TIMEOUT,
};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, Thread32First, Thread32Next, TH32CS_SNAPTHREAD, THREADENTRY32,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectBasicAccountingInformation,
    JobObjectBasicProcessIdList, JobObjectExtendedLimitInformation, QueryInformationJobObject,
    SetInformationJobObject, TerminateJobObject, JOBOBJECT_BASIC_ACCOUNTING_INFORMATION,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    JOB_OBJECT_LIMIT_PROCESS_MEMORY,
};
use windows_sys::Win32::System::ProcessStatus::{K32GetProcessMemoryInfo, PROCESS_MEMORY_COUNTERS};
use windows_sys::Win32::System::Threading::{
    GetThreadId, GetThreadTimes, OpenProcess, OpenThread, ResumeThread, WaitForSingleObject,
    CREATE_SUSPENDED, PROCESS_QUERY_INFORMATION, THREAD_QUERY_LIMITED_INFORMATION,
    THREAD_SUSPEND_RESUME,
};

/// No signals here: a crash is an exit status.
pub const SIGNAL_NAMES: &[(i32, &str)] = &[];

/// What memory is measured here: commit, a process's private memory.
pub const MEASURED: &str = "committed";

/// What [`super::address_space_cap`] caps here: the Job object's limit on
/// each process's commit (unenforced under Wine).
pub const RESERVATION_CAPPED: Option<&str> = Some("commit");

/// Nothing to prepare: std's spawn is what is wanted.
pub fn prepare(_command: &mut Command, _measure_memory: bool, _memory: Option<u64>, _stack: Stack) {
}

/// A program's stack is fixed when it is linked (1 MiB by default with
/// MSVC's and GNU's linkers), so there is nothing to set before it starts:
/// a Rust program asks for more with `-C link-args=/STACK:N` (MSVC) or
/// `-C link-args=-Wl,--stack,N` (GNU), or runs its work on a thread
/// given a larger stack.
pub fn with_stack<T>(_stack: Stack, start: impl FnOnce() -> T) -> T {
    start()
}

/// No limit to fall short of: see [`with_stack`].
pub fn stack_hard_limit() -> Option<u64> {
    None
}

/// A Job object holding the program and everything it starts: closing
/// the last handle to it kills them all.
pub struct Group {
    job: HANDLE,
    /// The program was put in the job; when it could not be, only the
    /// program itself is killed, and its peak is not known.
    adopted: std::cell::Cell<bool>,
    /// The CPU time of each thread of the job's processes (keyed by its
    /// id and creation time), in 100 ns units, as last read while it ran:
    /// for where the job keeps no accounting (Wine). See
    /// [`Group::cpu_time`].
    threads: RefCell<HashMap<(u32, u64), u64>>,
}

impl Group {
    pub fn new(memory: Option<u64>) -> io::Result<Group> {
        // SAFETY: no name and no security attributes: both may be null.
        let job = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if job.is_null() {
            return Err(io::Error::last_os_error());
        }
        let group = Group {
            job,
            adopted: std::cell::Cell::new(false),
            threads: RefCell::new(HashMap::new()),
        };
        let mut limits = JOBOBJECT_EXTENDED_LIMIT_INFORMATION::default();
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        if let Some(cap) = memory.and_then(job_memory_cap) {
            limits.BasicLimitInformation.LimitFlags |= JOB_OBJECT_LIMIT_PROCESS_MEMORY;
            limits.ProcessMemoryLimit = cap;
        }
        // SAFETY: `job` is a valid job handle; the pointer and size
        // describe `limits`, the structure this information class takes.
        let set = unsafe {
            SetInformationJobObject(
                job,
                JobObjectExtendedLimitInformation,
                (&limits as *const JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
            )
        };
        if set == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(group)
    }

    /// Starts the program suspended, puts it in the job, then lets it
    /// run: nothing it starts can be outside the job. Returns how long
    /// it was held.
    ///
    /// std keeps no handle to the program's main thread, which is what
    /// resuming needs; the thread is found in a snapshot of the
    /// system's threads (documented calls only, unlike
    /// `NtResumeProcess`, and without giving up std's `Command` for a
    /// `CreateProcessW` of our own, with its pipes and quoting).
    pub fn start(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
        command.creation_flags(CREATE_SUSPENDED);
        let (mut child, failed_tries) = spawn(command)?;
        let spawned = Instant::now();
        // SAFETY: both handles are valid: the job's is ours, the
        // process's is held by `child`.
        let assigned =
            unsafe { AssignProcessToJobObject(self.job, child.as_raw_handle() as HANDLE) };
        self.adopted.set(assigned != 0);
        if let Err(error) = resume(child.id()) {
            // Never leave a suspended program behind.
            let _ = child.kill();
            let _ = child.wait();
            return Err(error);
        }
        Ok((child, failed_tries + spawned.elapsed()))
    }

    /// Kills every process in the job.
    fn kill(&self) -> bool {
        // SAFETY: `job` is a valid job handle.
        self.adopted.get() && unsafe { TerminateJobObject(self.job, 1) } != 0
    }

    /// The CPU time of the job's processes: the job's accounting of every
    /// process it has held, where it keeps one (Windows); else, where it
    /// reads zero, the sum of what each thread of the processes it holds
    /// now was last seen to have used (Wine, whose job reads all zero:
    /// see [`Group::sample_threads`]), read now and at every look while
    /// the program runs. A zero is a reading where a thread of the
    /// program was seen (one that ran less than a clock tick, or slept:
    /// a Job reads zero for it too); `None` only when the job reads zero
    /// and no thread was ever seen (a program that ended before the first
    /// look, under Wine): then its wall time decides.
    fn cpu_time(&self) -> Option<Duration> {
        if !self.adopted.get() {
            return None;
        }
        let units = match self.accounted_cpu() {
            0 => {
                self.sample_threads();
                let threads = self.threads.borrow();
                if threads.is_empty() {
                    return None;
                }
                threads.values().sum()
            }
            units => units,
        };
        Some(Duration::from_nanos(units.saturating_mul(100)))
    }

    /// The user and kernel time of every process the job has held
    /// (`JOBOBJECT_BASIC_ACCOUNTING_INFORMATION`, in 100 ns units); 0 when
    /// it cannot be read.
    fn accounted_cpu(&self) -> u64 {
        let mut accounting = JOBOBJECT_BASIC_ACCOUNTING_INFORMATION::default();
        // SAFETY: `job` is a valid job handle; the pointer and size
        // describe `accounting`, which this information class fills.
        let queried = unsafe {
            QueryInformationJobObject(
                self.job,
                JobObjectBasicAccountingInformation,
                (&mut accounting as *mut JOBOBJECT_BASIC_ACCOUNTING_INFORMATION).cast(),
                std::mem::size_of::<JOBOBJECT_BASIC_ACCOUNTING_INFORMATION>() as u32,
                std::ptr::null_mut(),
            )
        };
        if queried == 0 {
            return 0;
        }
        u64::try_from(accounting.TotalUserTime)
            .unwrap_or(0)
            .saturating_add(u64::try_from(accounting.TotalKernelTime).unwrap_or(0))
    }

    /// Reads the CPU time of each thread of each process the job holds
    /// (`GetThreadTimes`), keeping each thread's latest reading.
    ///
    /// Measured under Wine 8: a job's accounting reads zero; another
    /// process's `GetProcessTimes` (and `NtQueryInformationProcess`'s
    /// `ProcessTimes`) gives the caller's own times, growing with the
    /// caller's work and not with the program's; but each of its threads'
    /// `GetThreadTimes` is true, in 10 ms steps, while the thread lives.
    /// Once a thread or its process has ended its times are gone, so the
    /// sum is of readings taken every few milliseconds: a thread's last
    /// few milliseconds before it ended are missed, and a thread that
    /// lived less than that is missed whole. The threads are walked with
    /// `NtGetNextThread`, not a Toolhelp snapshot: under Wine a snapshot
    /// of the system's threads took 7.6 ms, a look this way 0.2 ms
    /// (docs/judges.md).
    fn sample_threads(&self) {
        let mut threads = self.threads.borrow_mut();
        for pid in self.process_ids() {
            let Ok(pid) = u32::try_from(pid) else {
                continue;
            };
            // SAFETY: no pointers; the result is a handle owned here, or
            // null.
            let process = unsafe { OpenProcess(PROCESS_QUERY_INFORMATION, 0, pid) };
            if process.is_null() {
                continue;
            }
            let mut thread: HANDLE = std::ptr::null_mut();
            loop {
                let mut next: HANDLE = std::ptr::null_mut();
                // SAFETY: `process` is a valid process handle with the
                // right to query; `thread` is null or a handle this loop
                // got from the call before; the call writes only `next`.
                let status = unsafe {
                    NtGetNextThread(
                        process,
                        thread,
                        THREAD_QUERY_LIMITED_INFORMATION,
                        0,
                        0,
                        &mut next,
                    )
                };
                if !thread.is_null() {
                    // SAFETY: a handle owned here, closed once.
                    unsafe { CloseHandle(thread) };
                }
                if status != 0 {
                    break;
                }
                thread = next;
                if let Some((created, units)) = thread_times(thread) {
                    // SAFETY: `thread` is a valid thread handle.
                    let id = unsafe { GetThreadId(thread) };
                    let seen = threads.entry((id, created)).or_insert(0);
                    *seen = (*seen).max(units);
                }
            }
            // SAFETY: a handle owned here, closed once.
            unsafe { CloseHandle(process) };
        }
    }

    /// The ids of the processes in the job now (the first 64).
    fn process_ids(&self) -> Vec<usize> {
        /// JOBOBJECT_BASIC_PROCESS_ID_LIST with room for 64 ids.
        #[repr(C)]
        struct ProcessIds {
            _assigned: u32,
            listed: u32,
            ids: [usize; 64],
        }
        let mut list = ProcessIds {
            _assigned: 0,
            listed: 0,
            ids: [0; 64],
        };
        // SAFETY: `job` is a valid job handle; the pointer and size
        // describe `list`, laid out as the structure this information
        // class fills, with room for 64 ids. With more processes than
        // that the call fails (ERROR_MORE_DATA) having filled what fits.
        unsafe {
            QueryInformationJobObject(
                self.job,
                JobObjectBasicProcessIdList,
                (&mut list as *mut ProcessIds).cast(),
                std::mem::size_of::<ProcessIds>() as u32,
                std::ptr::null_mut(),
            )
        };
        let listed = (list.listed as usize).min(list.ids.len());
        list.ids[..listed].to_vec()
    }

    /// The largest commit any process of the job had.
    fn peak_memory(&self) -> Option<u64> {
        let mut limits = JOBOBJECT_EXTENDED_LIMIT_INFORMATION::default();
        // SAFETY: `job` is a valid job handle; the pointer and size
        // describe `limits`, which this information class fills.
        let queried = unsafe {
            QueryInformationJobObject(
                self.job,
                JobObjectExtendedLimitInformation,
                (&mut limits as *mut JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
                std::ptr::null_mut(),
            )
        };
        (self.adopted.get() && queried != 0).then_some(limits.PeakProcessMemoryUsed as u64)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        // SAFETY: `job` is a valid handle, closed once, here; closing
        // the last handle kills what is left in the job.
        unsafe { CloseHandle(self.job) };
    }
}

/// The most a 64-bit process can commit: its user address space, 128 TiB.
const REACHABLE_COMMIT: u64 = 1 << 47;

/// The job's cap on each process's commit for a memory limit of `limit`:
/// the address-space cap, or none when no process could reach it. A cap
/// that saturated (`usize::MAX`, from a limit near 2^64) is not one
/// Windows documents accepting, and a cap past the address space caps
/// nothing: both are left out, and the watchdog still enforces the limit.
fn job_memory_cap(limit: u64) -> Option<usize> {
    let cap = address_space_cap(limit);
    if cap >= REACHABLE_COMMIT {
        return None;
    }
    usize::try_from(cap).ok()
}

/// The creation time and CPU time (user and kernel, in 100 ns units) of
/// `thread`, a handle with the right to query it, when it can be read.
fn thread_times(thread: HANDLE) -> Option<(u64, u64)> {
    let mut times = [FILETIME::default(); 4];
    let [created, exited, kernel, user] = &mut times;
    // SAFETY: `thread` is a valid thread handle with the right to query;
    // the call writes only the four FILETIMEs it is given.
    let read = unsafe { GetThreadTimes(thread, created, exited, kernel, user) } != 0;
    let units =
        |time: &FILETIME| u64::from(time.dwHighDateTime) << 32 | u64::from(time.dwLowDateTime);
    read.then(|| (units(created), units(kernel).saturating_add(units(user))))
}

// `NtGetNextThread`: ntdll's, since Windows Vista, and Wine's; not in
// windows-sys. Linked as windows-sys links (windows-link's `link!`): on
// 32-bit x86 by its undecorated name.
#[cfg_attr(
    not(target_arch = "x86"),
    link(name = "ntdll.dll", kind = "raw-dylib", modifiers = "+verbatim")
)]
#[cfg_attr(
    target_arch = "x86",
    link(
        name = "ntdll.dll",
        kind = "raw-dylib",
        modifiers = "+verbatim",
        import_name_type = "undecorated"
    )
)]
extern "system" {
    fn NtGetNextThread(
        process: HANDLE,
        thread: HANDLE,
        access: u32,
        attributes: u32,
        flags: u32,
        next: *mut HANDLE,
    ) -> i32;
}

/// Starts `command`; and the time that tries which failed took, which is
/// not the program's. Wine fails to start a process now and then under
/// load with ERROR_INTERNAL_ERROR, before anything of the program has
/// run (seen about once in a few thousand starts): that start is tried
/// again, twice at most. Any other failure is the program's, at once.
fn spawn(command: &mut Command) -> io::Result<(Child, Duration)> {
    let began = Instant::now();
    let mut tries = 1;
    loop {
        let this_try = Instant::now();
        match command.spawn() {
            Err(error)
                if error.raw_os_error() == Some(ERROR_INTERNAL_ERROR as i32) && tries < 3 =>
            {
                tries += 1;
            }
            started => return started.map(|child| (child, this_try - began)),
        }
    }
}

/// Resumes the threads of process `pid`, started suspended: its main
/// thread, the only one it has.
///
/// The process is alive (suspended, its handle held), so `pid` is its
/// own; its threads cannot end while suspended, so the ids in the
/// snapshot are still theirs when opened.
fn resume(pid: u32) -> io::Result<()> {
    // SAFETY: no pointers; the result is a handle this function owns,
    // closed below, or INVALID_HANDLE_VALUE.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot == INVALID_HANDLE_VALUE {
        return Err(failed("a snapshot of the threads"));
    }
    let mut entry = THREADENTRY32 {
        dwSize: std::mem::size_of::<THREADENTRY32>() as u32,
        ..THREADENTRY32::default()
    };
    let mut resumed = 0;
    let mut failure = None;
    // SAFETY: `snapshot` is a valid snapshot handle; `entry` is a
    // THREADENTRY32 whose dwSize says so, which is all it writes.
    let mut more = unsafe { Thread32First(snapshot, &mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: no pointers; the result is a handle owned here,
            // or null.
            let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
            if thread.is_null() {
                failure = Some(failed("opening its thread"));
            } else {
                // SAFETY: `thread` is a valid handle with the right to
                // resume, closed once, right after.
                let previous = unsafe { ResumeThread(thread) };
                if previous == u32::MAX {
                    failure = Some(failed("resuming its thread"));
                } else {
                    resumed += 1;
                }
                // SAFETY: as above.
                unsafe { CloseHandle(thread) };
            }
        }
        // SAFETY: as for Thread32First.
        more = unsafe { Thread32Next(snapshot, &mut entry) } != 0;
    }
    // SAFETY: `snapshot` is valid and closed once, here.
    unsafe { CloseHandle(snapshot) };
    match failure {
        Some(error) if resumed == 0 => Err(error),
        None if resumed == 0 => Err(io::Error::new(
            io::ErrorKind::NotFound,
            "the started program has no thread to resume",
        )),
        _ => Ok(()),
    }
}

/// The last error of the calling thread, saying which step of starting
/// the program it ended.
fn failed(step: &str) -> io::Error {
    let error = io::Error::last_os_error();
    io::Error::new(error.kind(), format!("{step} failed: {error}"))
}

/// Waits for the program with `WaitForSingleObject` on its process
/// handle, which returns the moment it exits; the wait times out at
/// the kill point, and every few milliseconds when the output limit is
/// watched, to kill the job when the watch says so. The job is killed
/// in any case once the program has exited. std's `Child` holds the
/// process handle, so killing is safe at any time.
pub(super) fn wait(
    child: &mut Child,
    group: &Group,
    started: Instant,
    watch: &Watch,
) -> io::Result<Waited> {
    let process = child.as_raw_handle() as HANDLE;
    let mut stop = None;
    // The program's private peak as last read while it ran, for where the
    // job keeps no record of the peak commit (Wine): the process's
    // counters are all there is then, and they read 0 once it has exited.
    let mut seen_peak = 0;
    loop {
        // Whole milliseconds, rounded up, so as not to wake before the
        // kill point and spin.
        let timeout = u32::try_from((watch.pause().as_micros() + 999) / 1000)
            .unwrap_or(u32::MAX - 1)
            .min(u32::MAX - 1);
        // SAFETY: `process` is the handle `child` holds, valid while it
        // lives.
        match unsafe { WaitForSingleObject(process, timeout) } {
            WAIT_OBJECT_0 => break,
            WAIT_TIMEOUT => {}
            _ => {
                let error = io::Error::last_os_error();
                if !group.kill() {
                    let _ = child.kill();
                }
                let _ = child.wait();
                return Err(error);
            }
        }
        // The job caps commit, so that an allocation far past the limit
        // fails at once; the limit itself is watched here, on the
        // program's commit, as on Linux on its resident memory. Where
        // the job's cap is not enforced (Wine), this is what enforces the
        // limit.
        if let Some(reason) = watch.stop(|| {
            let counters = memory_counters(process)?;
            seen_peak = seen_peak.max(sampled_peak(&counters));
            Some(counters.PagefileUsage as u64)
        }) {
            // The program may have exited just now: then it keeps its
            // own status.
            stop = Some(reason);
            if !group.kill() {
                let _ = child.kill();
            }
            break;
        }
        // Read at every look, limited or not: where the job keeps no
        // accounting (Wine), these readings are all there is.
        let cpu = group.cpu_time();
        if watch.over_cpu(|| cpu) {
            stop = Some(super::Stop::Time);
            if !group.kill() {
                let _ = child.kill();
            }
            break;
        }
    }
    let status = child.wait()?;
    let elapsed = started.elapsed();
    group.kill();
    let cpu = group.cpu_time();
    let (peak_memory, peak_sampled) = chosen_peak(
        group.peak_memory(),
        group.adopted.get(),
        memory_counters(process).as_ref(),
        seen_peak,
    );
    Ok(Waited {
        elapsed,
        cpu,
        // Not measured on Windows.
        wait: None,
        peak_memory,
        peak_sampled,
        fell_back: None,
        process_limit_hit: false,
        ending: Ending::Exited(status.code().unwrap_or(-1)),
        stop,
    })
}

/// The memory counters of `process`, when the system gives them.
fn memory_counters(process: HANDLE) -> Option<PROCESS_MEMORY_COUNTERS> {
    let mut counters = PROCESS_MEMORY_COUNTERS {
        cb: std::mem::size_of::<PROCESS_MEMORY_COUNTERS>() as u32,
        ..PROCESS_MEMORY_COUNTERS::default()
    };
    // SAFETY: `process` is the handle the caller's `Child` holds, valid
    // while it lives; the pointer and size describe `counters`, which is
    // all the call writes.
    let read = unsafe { K32GetProcessMemoryInfo(process, &mut counters, counters.cb) };
    (read != 0).then_some(counters)
}

/// The run's peak memory, and whether it was sampled rather than
/// recorded by the system; unknown (never 0) when nothing has it, and
/// then not said to be sampled either.
///
/// - The job's record of its peak commit, when it has one: real Windows.
/// - A job that records nothing (0) though the program is in it: Wine.
///   The highest [`sampled_peak`] seen, now or while it ran: sampled.
/// - The program not in the job (`AssignProcessToJobObject` failed, as
///   it can where the tool itself runs in a job that allows no nesting):
///   the system's record of the program's own peak commit
///   (`PeakPagefileUsage`), which leaves out what it started, as the kill
///   does then; never below what the watchdog saw.
fn chosen_peak(
    recorded: Option<u64>,
    adopted: bool,
    counters: Option<&PROCESS_MEMORY_COUNTERS>,
    seen: u64,
) -> (Option<u64>, bool) {
    let known = |peak: u64| Some(peak).filter(|&peak| peak > 0);
    if let Some(peak) = recorded.and_then(known) {
        return (Some(peak), false);
    }
    if !adopted {
        if let Some(peak) = counters.and_then(|counters| known(counters.PeakPagefileUsage as u64)) {
            return (Some(peak.max(seen)), false);
        }
    }
    let now = counters.map_or(0, sampled_peak);
    let peak = known(now.max(seen));
    (peak, peak.is_some())
}

/// A process's private peak from its counters alone, for where no job
/// records the peak commit (Wine). Wine's commit figure (`PagefileUsage`,
/// and `PeakPagefileUsage`, which it sets to the same) is the present
/// anonymous part of the working set, not a peak, so a peak read from it
/// every few milliseconds would miss a short one; its peak working set is
/// a true high-water mark, but counts Wine's own libraries (several MiB
/// of mapped files). So: the peak working set less the part of the
/// working set that is not private now, and never below the peak commit
/// the counters give, which is at least the commit the watchdog judged.
fn sampled_peak(counters: &PROCESS_MEMORY_COUNTERS) -> u64 {
    let shared = counters
        .WorkingSetSize
        .saturating_sub(counters.PagefileUsage);
    let working = counters.PeakWorkingSetSize.saturating_sub(shared);
    working
        .max(counters.PeakPagefileUsage)
        .max(counters.PagefileUsage) as u64
}

/// A program and its interactor, each in a Job object of its own (the
/// program's capped in memory, the interactor's not), so that either can
/// be killed without the other.
pub struct Pair {
    program: Group,
    interactor: Group,
}

impl Pair {
    pub fn new(memory: Option<u64>) -> io::Result<Pair> {
        Ok(Pair {
            program: Group::new(memory)?,
            interactor: Group::new(None)?,
        })
    }

    pub fn start_interactor(&self, command: &mut Command) -> io::Result<Child> {
        Ok(self.interactor.start(command)?.0)
    }

    pub fn start_program(&self, command: &mut Command) -> io::Result<(Child, Duration)> {
        self.program.start(command)
    }

    /// Kills and waits for the interactor when the program could not be
    /// started.
    pub fn kill_interactor(&self, interactor: &mut Child) {
        if !self.interactor.kill() {
            let _ = interactor.kill();
        }
        let _ = interactor.wait();
    }
}

/// Prepares an interactor's command: nothing either, its Job object
/// kills it when the tool ends (the last handle to it closes).
pub fn prepare_interactor(_command: &mut Command) {}

/// Whether `process` has ended or is ending: its exit status is set as it
/// starts to exit, before its handles (the program's input among them)
/// are closed and it is signalled.
fn is_ending(process: HANDLE) -> bool {
    use windows_sys::Win32::Foundation::STILL_ACTIVE;
    use windows_sys::Win32::System::Threading::GetExitCodeProcess;
    let mut code = 0u32;
    // SAFETY: `process` is a process handle a `Child` holds, valid while
    // it lives; the call writes only to `code`.
    let read = unsafe { GetExitCodeProcess(process, &mut code) } != 0;
    // SAFETY: as above; a wait of no time has no effects.
    let signalled = unsafe { WaitForSingleObject(process, 0) } == WAIT_OBJECT_0;
    signalled || (read && code != STILL_ACTIVE as u32)
}

/// Kills what `group` holds, or `child` alone where it holds nothing.
fn kill_all(group: &Group, child: &mut Child) {
    if !group.kill() {
        let _ = child.kill();
    }
}

/// The ending of one of a pair, whose process has ended, its job killed
/// once it is read; when it cannot be read, the other is killed and
/// waited for, and the error returned.
fn ended(
    (group, child): (&Group, &mut Child),
    (other_group, other): (&Group, &mut Child),
) -> io::Result<Ending> {
    let status = child.wait();
    group.kill();
    match status {
        Ok(status) => Ok(Ending::Exited(status.code().unwrap_or(-1))),
        Err(error) => {
            kill_all(other_group, other);
            let _ = other.wait();
            Err(error)
        }
    }
}

/// A pipe: its read end and its write end, neither inheritable (std makes
/// an inheritable copy of the end it gives a program).
pub fn pipe() -> io::Result<(std::fs::File, std::fs::File)> {
    use std::os::windows::io::FromRawHandle;
    use windows_sys::Win32::System::Pipes::CreatePipe;
    let mut read: HANDLE = std::ptr::null_mut();
    let mut write: HANDLE = std::ptr::null_mut();
    // SAFETY: CreatePipe writes two handles to the two locals; null
    // security attributes make them not inheritable. The size asked for
    // is 1 MiB, as problemtools' pipes (support/interactive/
    // interactive.cc); the system takes it as a hint.
    if unsafe { CreatePipe(&mut read, &mut write, std::ptr::null(), 1 << 20) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both handles were just made, are open, and are owned by
    // nothing else: each File is their only owner.
    Ok(unsafe {
        (
            std::fs::File::from_raw_handle(read as _),
            std::fs::File::from_raw_handle(write as _),
        )
    })
}

/// Waits for a program and its interactor with `WaitForMultipleObjects` on
/// the processes not yet ended, killing as the watch says (both, when the
/// program runs out of time or memory), the interactor once it has run the
/// grace past the program's end, and the program as soon as the
/// interactor has ended in a way that settles the case. Each job is
/// killed the moment its process has ended. std's `Child` holds each
/// process handle, so killing is safe at any time.
pub(super) fn wait_pair(
    program: &mut Child,
    interactor: &mut Child,
    pair: &Pair,
    started: Instant,
    rules: &mut super::pair::PairWatch,
) -> io::Result<super::pair::PairWaited> {
    use windows_sys::Win32::System::Threading::WaitForMultipleObjects;
    let program_handle = program.as_raw_handle() as HANDLE;
    let interactor_handle = interactor.as_raw_handle() as HANDLE;
    let mut ends = super::pair::PairEnds::new();
    // As in `wait`: the program's private peak as last read while it ran.
    let mut seen_peak = 0;
    while ends.waiting() {
        let timeout = u32::try_from((ends.timeout(rules).as_micros() + 999) / 1000)
            .unwrap_or(u32::MAX - 1)
            .min(u32::MAX - 1);
        let mut handles = Vec::with_capacity(2);
        if ends.program_end.is_none() {
            handles.push(program_handle);
        }
        if ends.interactor_end.is_none() {
            handles.push(interactor_handle);
        }
        // SAFETY: `handles` holds one or two process handles, held by the
        // two `Child`ren, valid while they live.
        let waited =
            unsafe { WaitForMultipleObjects(handles.len() as u32, handles.as_ptr(), 0, timeout) };
        let index = waited.wrapping_sub(WAIT_OBJECT_0) as usize;
        if index < handles.len() {
            if handles[index] == program_handle {
                let elapsed = started.elapsed();
                // As on Unix (see `pair`'s notes): an interactor that is
                // ending has its end taken in first, once it has come.
                if ends.interactor_ends_first(|| is_ending(interactor_handle)) {
                    // SAFETY: as for the wait above.
                    let waited = unsafe { WaitForSingleObject(interactor_handle, 1000) };
                    if waited == WAIT_OBJECT_0 {
                        let ending =
                            ended((&pair.interactor, interactor), (&pair.program, program))?;
                        ends.interactor_ended(Some(ending), ending, rules, || {
                            kill_all(&pair.program, program)
                        });
                    }
                }
                let ending = ended((&pair.program, program), (&pair.interactor, interactor))?;
                ends.program_ended(elapsed, ending, rules);
            } else {
                let ending = ended((&pair.interactor, interactor), (&pair.program, program))?;
                ends.interactor_ended(Some(ending), ending, rules, || {
                    kill_all(&pair.program, program)
                });
            }
        } else if waited == WAIT_TIMEOUT {
            ends.timed_out(
                rules,
                || {
                    let counters = memory_counters(program_handle)?;
                    seen_peak = seen_peak.max(sampled_peak(&counters));
                    Some(counters.PagefileUsage as u64)
                },
                || pair.program.cpu_time(),
                || kill_all(&pair.program, program),
                || kill_all(&pair.interactor, interactor),
            );
        } else {
            let error = io::Error::last_os_error();
            for (group, child) in [
                (&pair.program, &mut *program),
                (&pair.interactor, &mut *interactor),
            ] {
                kill_all(group, child);
                let _ = child.wait();
            }
            return Err(error);
        }
    }
    let (program_ending, interactor_ending) = ends.take_ends();
    // As in `wait`.
    let (peak_memory, peak_sampled) = chosen_peak(
        pair.program.peak_memory(),
        pair.program.adopted.get(),
        memory_counters(program_handle).as_ref(),
        seen_peak,
    );
    let program = Waited {
        elapsed: ends.program_elapsed,
        // The program's Job alone: the interactor's time is not the
        // program's.
        cpu: pair.program.cpu_time(),
        wait: None,
        peak_memory,
        peak_sampled,
        fell_back: None,
        process_limit_hit: false,
        ending: program_ending,
        stop: ends.stop,
    };
    Ok(ends.waited(program, interactor_ending))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cap_no_process_can_reach_is_left_out() {
        assert_eq!(job_memory_cap(256 << 20), Some(768 << 20));
        assert_eq!(job_memory_cap(u64::MAX), None);
        assert_eq!(job_memory_cap(u64::MAX / 2), None);
        assert_eq!(job_memory_cap(REACHABLE_COMMIT / 2), None);
        let largest = (REACHABLE_COMMIT - (256 << 20)) / 2 - 1;
        assert!(job_memory_cap(largest).is_some());
    }

    /// Counters with these figures, in MiB.
    fn counters(
        peak_commit: usize,
        commit: usize,
        peak_set: usize,
        set: usize,
    ) -> PROCESS_MEMORY_COUNTERS {
        PROCESS_MEMORY_COUNTERS {
            PeakPagefileUsage: peak_commit << 20,
            PagefileUsage: commit << 20,
            PeakWorkingSetSize: peak_set << 20,
            WorkingSetSize: set << 20,
            ..PROCESS_MEMORY_COUNTERS::default()
        }
    }

    #[test]
    fn the_peak_is_the_jobs_record_else_the_programs_else_sampled() {
        const MIB: u64 = 1 << 20;
        let after = counters(40, 1, 30, 8);
        // The job's record: recorded.
        assert_eq!(
            chosen_peak(Some(50 * MIB), true, Some(&after), 0),
            (Some(50 * MIB), false)
        );
        // Out of the job: the program's peak commit, over a working set
        // that was smaller.
        assert_eq!(
            chosen_peak(None, false, Some(&after), 0),
            (Some(40 * MIB), false)
        );
        assert_eq!(
            chosen_peak(None, false, Some(&after), 45 * MIB),
            (Some(45 * MIB), false)
        );
        // In a job that records nothing (Wine, whose peak commit is the
        // commit now): the working set's private peak, sampled.
        let wine = counters(1, 1, 30, 8);
        assert_eq!(
            chosen_peak(Some(0), true, Some(&wine), 0),
            (Some(23 * MIB), true)
        );
        // Never below the commit the watchdog judged.
        let committed = counters(60, 60, 30, 8);
        assert_eq!(
            chosen_peak(Some(0), true, Some(&committed), 0),
            (Some(60 * MIB), true)
        );
        // Nothing known: unknown, and not said to be sampled.
        assert_eq!(chosen_peak(Some(0), true, None, 0), (None, false));
        assert_eq!(chosen_peak(None, false, None, 0), (None, false));
    }
}
