/* A stand-in for bcryptprimitives.dll, which Wine 8 lacks and Rust's std
 * (since 1.78) loads at start-up for ProcessPrng: without it every Rust
 * program for Windows fails to start under Wine. ProcessPrng fills the
 * buffer from RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 * Built by .ci/wine with mingw-w64; used only inside its Wine prefix. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
