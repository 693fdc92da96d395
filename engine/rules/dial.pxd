# C types for engine/rules/dial.py when engine.accel compiles it; plain Python ignores this.
cimport cython

cpdef int list_steps(object steps, int i) except -1

@cython.locals(k=cython.int, c=cython.int, m=cython.int, listed=cython.int)
cdef int _list_row(int[:] nbr, int[:] cost, int[:] terrain_cost, unsigned char[:] blocked,
                   unsigned char[:] count, tuple near, int i) except -1

@cython.locals(dist="int[:]", parent="int[:]", flags="unsigned char[:]", order="int[:]",
               node="int[:]", nxt="int[:]", head="int[:]", tail="int[:]", nbr="int[:]",
               cost="int[:]", count="unsigned char[:]", terrain_cost="int[:]",
               blocked="unsigned char[:]", neighbours=list,
               far=cython.int, meadow=cython.int, near=cython.int, contact=cython.int,
               unlisted=cython.int, degree=cython.int, c=cython.int, queued=cython.int,
               reached=cython.int, s=cython.int, stop=cython.int, any_board=cython.bint,
               at=cython.int, rem=cython.int, enter_ok=cython.bint, board_ok=cython.bint,
               last_ok=cython.bint, fits=cython.bint, idx=cython.int, listed=cython.int,
               first=cython.int, k=cython.int, n=cython.int, nc=cython.int, was=cython.int,
               in_contact=cython.bint, tested=cython.bint, flagged=list)
cpdef tuple expand(object steps, object b, tuple starts, int budget, int last_step, int top,
                   int enter_from, set board_from, int board_cost, dict ends)

@cython.locals(dist="int[:]", parent="int[:]", flags="unsigned char[:]", order="int[:]",
               taken=cython.int, far=cython.int, i=cython.int, idx=cython.int, d=cython.int,
               out=list)
cpdef list targets(object b, list hexes, int first, int reached, dict ends)

@cython.locals(order="int[:]", parent="int[:]", i=cython.int, idx=cython.int, out=dict)
cpdef dict parents(object b, int reached)

@cython.locals(dist="int[:]", flags="unsigned char[:]", taken=cython.int, contact=cython.int,
               blocked=cython.int, at=cython.int, m=cython.int)
cpdef mark(object b, dict occupied, list enemies, list givers, list neighbours,
           tuple out_of_contact)

@cython.locals(dist="int[:]", flags="unsigned char[:]", order="int[:]", far=cython.int,
               keep=cython.int, i=cython.int, at=cython.int, m=cython.int)
cpdef reset(object b, int reached, dict occupied, list givers, list neighbours)
