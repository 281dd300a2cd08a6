# The README's Python example: HM+D between two glass spheres, one evaluation.
import demc
glass = demc.material_make(6.3e10, 0.23, 2500.0)
d = demc.contact_def_default()
d.moduli = demc.material_moduli_init(glass, glass, demc.SHEAR_MINDLIN)
d.restitution = 0.8
model = demc.contact_model_init(d)
a = demc.body(position=(0, 0, 1.99e-3), velocity=(0, 0, -0.1), radius=1e-3, mass=1e-5)
b = demc.body(radius=1e-3, mass=1e-5)
state = bytearray(8 * demc.CONTACT_STATE_MAX)  # any writable buffer of doubles: array.array('d'), numpy
r = demc.contact_eval(model, demc.contact_frame_sphere_sphere(model, a, b), 1e-7, memoryview(state).cast('d'), None)
assert r.force.z > 0
print('normal force %.5e N' % r.normal_force)
