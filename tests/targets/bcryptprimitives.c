/* ProcessPrng for Wine 8, which has no bcryptprimitives.dll.
 *
 * Rust's standard library (1.78 and later) on Windows takes its random
 * bytes from bcryptprimitives.dll's ProcessPrng, which every Windows that
 * Rust supports (10 and later) has; Debian 12's Wine 8
 * does not, so no Rust program starts under it. The tests put this DLL in
 * their Wine prefix's system32 (tests/targets/wine-prefix.sh); it is
 * never shipped. It answers from RtlGenRandom (advapi32's SystemFunction036),
 * which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
