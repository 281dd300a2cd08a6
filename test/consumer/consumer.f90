! The README's Fortran example: HM+D between two glass spheres, one evaluation (build: see README "Fortran").
program consumer
    use demc
    type(demc_material) :: glass
    type(demc_contact_def) :: def
    type(demc_contact_model) :: model
    type(demc_body) :: a, b
    type(demc_contact_result) :: r
    real(c_double) :: state(DEMC_CONTACT_STATE_MAX) = 0
    glass = demc_material_make(6.3d10, 0.23d0, 2500d0)
    if (demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, c_sizeof(def), def) /= DEMC_OK) error stop 1
    if (demc_material_moduli_init(glass, glass, DEMC_SHEAR_MINDLIN, def%moduli) /= DEMC_OK) error stop 2
    def%restitution = 0.8d0
    if (demc_contact_model_init(def, model) /= DEMC_OK) error stop 3
    a = demc_body(demc_vec3(0d0, 0d0, 1.99d-3), demc_vec3(0d0, 0d0, -0.1d0), demc_vec3(0d0, 0d0, 0d0), 1d-3, 1d-5, 0d0)
    b = demc_body(demc_vec3(0d0, 0d0, 0d0), demc_vec3(0d0, 0d0, 0d0), demc_vec3(0d0, 0d0, 0d0), 1d-3, 1d-5, 0d0)
    r = demc_contact_eval(model, demc_contact_frame_sphere_sphere(model, a, b), 1d-7, state)
    if (.not. (r%force%z > 0)) error stop 4
    print '(a, es12.5, a)', 'normal force ', r%normal_force, ' N'
end program consumer
