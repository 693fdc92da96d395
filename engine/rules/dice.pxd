# C types for engine/rules/dice.py when engine.accel compiles it; plain Python ignores this.
# SplitMix64 lives in 64 bits: unsigned 64-bit C arithmetic wraps exactly where the Python
# code masks.
cimport cython

@cython.locals(mask=cython.ulonglong, golden=cython.ulonglong, mix1=cython.ulonglong,
               mix2=cython.ulonglong, rest=cython.ulonglong, z=cython.ulonglong,
               v=cython.ulonglong)
cpdef tuple _below(unsigned long long state, unsigned long long n)

@cython.locals(mask=cython.ulonglong, golden=cython.ulonglong, mix1=cython.ulonglong,
               mix2=cython.ulonglong, rest=cython.ulonglong, z=cython.ulonglong,
               v=cython.ulonglong, faces=list)
cpdef tuple _roll(unsigned long long state, Py_ssize_t n)
