/* Wine 8 (Debian 12) has no bcryptprimitives.dll, whose ProcessPrng Rust's
   standard library imports on Windows 10 and later (Wine 9 has it). The
   tests put this stand-in into their Wine prefix: ProcessPrng from
   RtlGenRandom (advapi32's SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
