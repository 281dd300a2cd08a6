! The Fortran face against the C library: the scenario of test/faces/reference.c computed through module demc,
! every number compared bit for bit with the C program's output; and the face's view of every type and constant
! written for the layout comparison with the C probe.
! Usage: test_fortran REFERENCE_FILE LAYOUT_OUTPUT   (last line: "fortran face: N ok, M failing")
module faces_check
    use, intrinsic :: iso_c_binding
    implicit none
    integer, parameter :: max_keys = 1000
    character(len=64) :: keys(max_keys)
    character(len=64) :: texts(max_keys)
    logical :: seen(max_keys) = .false.
    integer :: nkeys = 0, nok = 0, nbad = 0
contains
    subroutine load(path)
        character(len=*), intent(in) :: path
        character(len=200) :: line
        integer :: u, ios, p
        open (newunit=u, file=path, status='old', action='read')
        do
            read (u, '(a)', iostat=ios) line
            if (ios /= 0) exit
            p = index(line, ' ')
            nkeys = nkeys + 1
            keys(nkeys) = line(:p - 1)
            texts(nkeys) = adjustl(line(p + 1:))
        end do
        close (u)
    end subroutine load

    integer function find(key)
        character(len=*), intent(in) :: key
        do find = 1, nkeys
            if (keys(find) == key) return
        end do
        find = 0
    end function find

    subroutine fail(key, msg)
        character(len=*), intent(in) :: key, msg
        nbad = nbad + 1
        write (*, '(a)') '  FAIL ' // trim(key) // ': ' // msg
    end subroutine fail

    subroutine check(key, v)
        character(len=*), intent(in) :: key
        real(c_double), intent(in) :: v
        real(c_double) :: ref
        character(len=40) :: got
        integer :: k
        k = find(key)
        if (k == 0) then
            call fail(key, 'not in the C reference')
            return
        end if
        seen(k) = .true.
        read (texts(k), *) ref
        if (transfer(v, 0_c_int64_t) == transfer(ref, 0_c_int64_t)) then
            nok = nok + 1
        else
            write (got, '(es24.16)') v
            call fail(key, 'Fortran ' // trim(got) // ', C ' // trim(texts(k)))
        end if
    end subroutine check

    subroutine check3(key, v)
        character(len=*), intent(in) :: key
        real(c_double), intent(in) :: v(3)
        call check(trim(key) // '.0', v(1))
        call check(trim(key) // '.1', v(2))
        call check(trim(key) // '.2', v(3))
    end subroutine check3

    subroutine check_text(key, s)
        character(len=*), intent(in) :: key, s
        integer :: k
        k = find(key)
        if (k == 0) then
            call fail(key, 'not in the C reference')
            return
        end if
        seen(k) = .true.
        if (trim(texts(k)) == s) then
            nok = nok + 1
        else
            call fail(key, 'Fortran "' // s // '", C "' // trim(texts(k)) // '"')
        end if
    end subroutine check_text

    character(len=32) function ikey(prefix, n, suffix)
        character(len=*), intent(in) :: prefix, suffix
        integer, intent(in) :: n
        write (ikey, '(a, i0, a)') prefix, n, suffix
    end function ikey
end module faces_check

program test_fortran
    use, intrinsic :: iso_c_binding
    use demc
    use demc_layout
    use faces_check
    implicit none
    character(len=512) :: ref_path, layout_path
    type(demc_material) :: glass, steel
    type(demc_moduli) :: moduli
    type(demc_contact_def) :: def
    type(demc_contact_model) :: model
    type(demc_body) :: bi, bj
    type(demc_contact_frame) :: frame
    type(demc_contact_result) :: r
    type(demc_contact_diag) :: diag
    type(demc_contact_batch) :: batch
    type(demc_wall) :: wall
    type(c_ptr) :: bad
    real(c_double) :: state(DEMC_CONTACT_STATE_MAX), fresh(DEMC_CONTACT_STATE_MAX)
    real(c_double), target :: x(3, 4), v(3, 4), w(3, 4), radius(4), mass(4)
    real(c_double), target :: states(DEMC_CONTACT_STATE_MAX, 4), force(3, 3), ti(3, 3), tj(3, 3), bf(3, 4), bt(3, 4)
    integer(c_int), target :: ii(3) = [0, 1, 2], jj(3) = [1, 2, 3], iw(4) = [0, 1, 2, 3]
    real(c_double) :: gamma, e, dt_r
    real(c_double), parameter :: dt = 1d-6
    integer(c_int) :: st
    integer :: step, k, q, u

    call get_command_argument(1, ref_path)
    call get_command_argument(2, layout_path)
    call load(trim(ref_path))
    open (newunit=u, file=trim(layout_path), status='replace', action='write')
    call demc_layout_print(u)
    close (u)

    ! Setup: materials -> moduli -> HM+D description -> model.
    glass = demc_material_make(6.3d10, 0.23d0, 2500d0)
    steel = demc_material_make(2.1d11, 0.29d0, 7800d0)
    if (demc_material_moduli_init(glass, steel, DEMC_SHEAR_MINDLIN, moduli, bad) /= DEMC_OK) &
        call fail('moduli', demc_string(bad))
    call check('moduli.effective_modulus', moduli%effective_modulus)
    call check('moduli.effective_shear_modulus', moduli%effective_shear_modulus)
    call check('moduli.compliance_asymmetry', moduli%compliance_asymmetry)
    if (demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, c_sizeof(def), def, bad) /= DEMC_OK) &
        call fail('def', demc_string(bad))
    def%moduli = moduli
    def%restitution = 0.7d0
    def%friction%mu_static = 0.5d0
    def%friction%mu_dynamic = 0.4d0
    if (demc_contact_model_init(def, model, bad) /= DEMC_OK) call fail('model', demc_string(bad))
    ! demc_contact_kind is unsigned in C: below 2**31 for every kind, so the c_int holds it.
    call check('model.kind', real(demc_contact_model_kind(model), c_double))
    call check('model.state_size', real(demc_contact_model_state_size(model), c_double))

    ! One contact, three steps, energy terms on.
    bi%position = demc_vec3_make(0d0, 0d0, 1.99d-3)
    bi%velocity = demc_vec3_make(0.05d0, -0.02d0, -0.3d0)
    bi%angular_velocity = demc_vec3_make(1d0, 2d0, -3d0)
    bi%radius = 1d-3
    bi%mass = 1.05d-5
    bj%position = demc_vec3_make(1d-5, 0d0, 0d0)
    bj%velocity = demc_vec3_make(0d0, 0.01d0, 0.1d0)
    bj%angular_velocity = demc_vec3_make(-2d0, 0.5d0, 0d0)
    bj%radius = 1d-3
    bj%mass = 3.3d-5
    state = 0
    diag%size = c_sizeof(diag)   ! the other fields are outputs
    do step = 0, 2
        frame = demc_contact_frame_sphere_sphere(model, bi, bj)
        r = demc_contact_eval(model, frame, dt, state, diag)
        call check3(trim(ikey('single.', step, '.force')), [r%force%x, r%force%y, r%force%z])
        call check3(trim(ikey('single.', step, '.torque_i')), [r%torque_i%x, r%torque_i%y, r%torque_i%z])
        call check3(trim(ikey('single.', step, '.torque_j')), [r%torque_j%x, r%torque_j%y, r%torque_j%z])
        call check(trim(ikey('single.', step, '.overlap')), r%overlap)
        call check(trim(ikey('single.', step, '.normal_force')), r%normal_force)
        call check(trim(ikey('single.', step, '.normal_energy')), diag%normal_energy)
        call check(trim(ikey('single.', step, '.tangential_energy')), diag%tangential_energy)
        call check(trim(ikey('single.', step, '.viscous_dissipation')), diag%viscous_dissipation)
        bi%position = demc_vec3_add_scaled(bi%position, dt, bi%velocity)
        bj%position = demc_vec3_add_scaled(bj%position, dt, bj%velocity)
    end do
    do k = 0, int(demc_contact_model_state_size(model)) - 1
        call check(trim(ikey('single.state.', k, '')), state(k + 1))
    end do
    ! The one-call evaluation at the last positions, from a new contact's state.
    fresh = 0
    r = demc_contact_eval_sphere_sphere(model, bi, bj, dt, fresh)
    call check3('combined.force', [r%force%x, r%force%y, r%force%z])
    call check3('combined.torque_j', [r%torque_j%x, r%torque_j%y, r%torque_j%z])
    call check('combined.state.3', fresh(4))

    ! A batch in LAMMPS's layout: x(3, n) in Fortran is x[n][3] in C; indices are C's (from 0).
    do k = 1, 4
        radius(k) = 1d-3 * (1d0 + 0.1d0 * (k - 1))
        mass(k) = 1d-5 * (1d0 + 0.2d0 * (k - 1))
        x(2, k) = 1d-6 * (k - 1)
        x(3, k) = radius(k) - 2d-6 * k
        v(1, k) = 0.1d0 * merge(-1d0, 1d0, mod(k - 1, 2) == 1)
        v(2, k) = 0.01d0 * (k - 1)
        v(3, k) = -0.05d0
        w(1, k) = 0.5d0 * (k - 1)
        w(2, k) = -1d0
        w(3, k) = 2d0 - (k - 1)
    end do
    x(1, 1) = 0d0
    do k = 2, 4
        x(1, k) = x(1, k - 1) + radius(k - 1) + radius(k) - 5d-6 * (k - 1)
    end do
    states = 0
    bf = 0
    bt = 0
    batch%size = c_sizeof(batch)
    batch%count = 3
    batch%i = c_loc(ii)
    batch%j = c_loc(jj)
    batch%position = c_loc(x)
    batch%velocity = c_loc(v)
    batch%angular_velocity = c_loc(w)
    batch%radius = c_loc(radius)
    batch%mass = c_loc(mass)
    batch%vector_stride = 3
    batch%scalar_stride = 1
    batch%state = c_loc(states)
    batch%state_stride = DEMC_CONTACT_STATE_MAX
    batch%force = c_loc(force)
    batch%torque_i = c_loc(ti)
    batch%torque_j = c_loc(tj)
    batch%body_force = c_loc(bf)
    batch%body_torque = c_loc(bt)
    ! the fields appended after 1.0 are left at their defaults (the face's default initialisation: zero, and
    ! null pointers, as C's DEMC_CONTACT_BATCH_INIT), as in a program written before them
    if (c_associated(batch%inertia) .or. c_associated(batch%temperature) .or. c_associated(batch%heat_flow) .or. &
        c_associated(batch%boundary_temperature) .or. batch%frictional_heat /= 0) &
        call fail('batch', 'the appended fields are not initialised to their defaults')
    do step = 1, 2
        st = demc_contact_eval_batch(model, batch, dt, bad)
        if (st /= DEMC_OK) call fail('batch', demc_string(bad))
    end do
    do q = 1, 3
        call check3(trim(ikey('batch.', q - 1, '.force')), force(:, q))
        call check3(trim(ikey('batch.', q - 1, '.torque_i')), ti(:, q))
        call check3(trim(ikey('batch.', q - 1, '.torque_j')), tj(:, q))
        call check(trim(ikey('batch.', q - 1, '.state.3')), states(4, q))
    end do
    do k = 1, 4
        call check3(trim(ikey('batch.body_force.', k - 1, '')), bf(:, k))
        call check3(trim(ikey('batch.body_torque.', k - 1, '')), bt(:, k))
    end do
    wall%point = demc_vec3_make(0d0, 0d0, 0d0)
    wall%normal = demc_vec3_make(0d0, 0d0, 1d0)
    wall%velocity = demc_vec3_make(0.01d0, 0d0, 0d0)
    wall%angular_velocity = demc_vec3_make(0d0, 0d0, 0d0)
    states = 0
    bf = 0
    bt = 0
    batch%count = 4
    batch%i = c_loc(iw)
    batch%j = c_null_ptr
    batch%force = c_null_ptr
    batch%torque_i = c_null_ptr
    batch%torque_j = c_null_ptr
    if (demc_contact_eval_batch_wall(model, batch, wall, dt, bad) /= DEMC_OK) call fail('wall', demc_string(bad))
    do k = 1, 4
        call check3(trim(ikey('wall.body_force.', k - 1, '')), bf(:, k))
        call check3(trim(ikey('wall.body_torque.', k - 1, '')), bt(:, k))
    end do

    ! A restitution map, its inverse, a time step; bad_field omitted (an absent optional is NULL).
    if (demc_damping_hmd_ratio(0.7d0, DEMC_CONTACT_END_FORCE, gamma) /= DEMC_OK) call fail('hmd_ratio', 'status')
    call check('damping.hmd_ratio', gamma)
    if (demc_damping_lsd_restitution(0.3d0, DEMC_CONTACT_END_OVERLAP, e) /= DEMC_OK) call fail('lsd', 'status')
    call check('damping.lsd_restitution', e)
    if (demc_timestep_rayleigh(1d-3, 2.6d10, 0.23d0, 2500d0, dt_r) /= DEMC_OK) call fail('rayleigh', 'status')
    call check('timestep.rayleigh', dt_r)

    ! A rejected description.
    def%restitution = 1.5d0
    st = demc_contact_model_init(def, model, bad)
    call check('error.status', real(st, c_double))
    call check_text('error.bad_field', demc_string(bad))

    ! Structs declared on the stack, over bytes another call left non-zero: at their defaults.
    call dirty_stack(2)
    call fresh_structs_are_default()

    do k = 1, nkeys
        if (.not. seen(k)) call fail(keys(k), 'in the C reference, not computed by the Fortran test')
    end do
    write (*, '(a, i0, a, i0, a)') 'fortran face: ', nok, ' ok, ', nbad, ' failing'
    if (nbad /= 0) error stop 1

contains
    ! Fills the stack below the caller with non-zero bytes (recursive: its locals are on the stack).
    recursive subroutine dirty_stack(depth)
        integer, intent(in) :: depth
        integer(c_int8_t), volatile :: junk(8192)
        junk = 90_c_int8_t
        if (depth > 0) call dirty_stack(depth - 1)
    end subroutine dirty_stack

    ! A batch and a diag declared without a value hold zeros and null pointers in every component (the face's
    ! default initialisation, C's DEMC_CONTACT_BATCH_INIT and DEMC_CONTACT_DIAG_INIT but for the size).
    recursive subroutine fresh_structs_are_default()
        type(demc_contact_batch) :: b
        type(demc_contact_diag) :: d
        if (b%size /= 0 .or. b%count /= 0 .or. b%vector_stride /= 0 .or. b%state_stride /= 0 .or. &
            c_associated(b%i) .or. c_associated(b%state) .or. c_associated(b%inertia) .or. &
            c_associated(b%temperature) .or. c_associated(b%boundary_temperature) .or. b%frictional_heat /= 0) then
            call fail('defaults', 'a demc_contact_batch declared without a value is not all zero')
        else
            nok = nok + 1
        end if
        if (d%size /= 0 .or. abs(d%normal_energy) > 0 .or. abs(d%adhesion_dissipation) > 0 .or. &
            abs(d%twisting_exchange) > 0) then
            call fail('defaults', 'a demc_contact_diag declared without a value is not all zero')
        else
            nok = nok + 1
        end if
    end subroutine fresh_structs_are_default
end program test_fortran
