// gran/demc: demc's contact law as a LAMMPS pair style, for Debian's unmodified LAMMPS. MIT licence (see LICENSE).
//
// One source, two builds (make lammps-demc; page "Using demc in LAMMPS", docs/pages/lammps.md):
//  - libdemc_lammps.so, the loader's object: `/usr/bin/lmp` loads it from an input script through its `python`
//    command (load_demc.lmp), which hands the LAMMPS instance to demc_lammps_register() below;
//  - lammps-demc (-DDEMC_LAMMPS_HOST), a host program on liblammps that registers the same styles and runs the input.
// Written against the headers of Debian's liblammps-dev only (/usr/include/lammps, LAMMPS 29 Sep 2021 update 2): they
// lack the neighbour-request and neighbour-history headers, so the pair style takes the default half list and keeps
// its per-contact state itself: between two neighbour-list builds in an array parallel to the list (read and written
// in place by the evaluation, no search), and across a build, an exchange of atoms between ranks, a sort or a
// restart in a fix of its own (DEMC/HISTORY below), by the atom IDs of the two bodies.
#include "demc.h"
#include <mpi.h>

// Debian's libfmt-dev (fmt 9) no longer has fmt::make_args_checked, which the variadic templates of the installed
// error.h and utils.h name. Declared here so that those headers parse; this file calls only the std::string
// overloads, so the declaration is never instantiated.
#include <fmt/format.h>
namespace fmt {
template <typename... Args, typename S> format_arg_store<format_context, Args...> make_args_checked(const S &, const Args &...);
}

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include "atom.h"
#include "comm.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "input.h"
#include "lammps.h"
#include "memory.h"
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "output.h"
#include "pair.h"
#include "update.h"
#include "utils.h"

using namespace LAMMPS_NS;

#ifdef DEMC_HEADER_ONLY
#define DEMC_FACE "header-only"
#else
#define DEMC_FACE "linked"
#endif

namespace {

const char *const FIX_ID = "DEMC_HISTORY_PAIR";

// ---------------------------------------------------------------------------------------------------------------------
// The pair style as the history fix sees it: it writes its contacts' states into the fix's rows, and forgets its
// list-parallel states once the atoms may move (the next evaluation reads the rows again).
struct HistoryOwner {
    virtual void store_rows() = 0;
    virtual void forget_list() = 0;
    virtual ~HistoryOwner() {}
};

// DEMC/HISTORY: each owned atom carries the contacts it is part of, as rows [partner ID, demc state doubles]. A
// pair's state is the state of demc's evaluation with the smaller atom ID as body i, so that both atoms of a pair
// (on one rank or two) hold the same doubles and no i <-> j swap is ever needed. The rows move with the atom between
// ranks (pack_exchange), when LAMMPS sorts its atoms (copy_arrays) and through restart files. They are written from
// the pair style's list-parallel states where atoms can move: before an exchange (pre_exchange, the steps that
// rebuild the neighbour list), at the end of a step that writes a restart file, and at the end of a run (post_run:
// write_restart, delete_atoms and the like come between runs). Layout of one atom: [count, row 0, row 1, ...].
class FixDemcHistory : public Fix {
public:
    FixDemcHistory(LAMMPS *lmp, int narg, char **arg)
        : Fix(lmp, narg, arg), hist(nullptr), nstate(0), maxpartner(0), owner(nullptr)
    {
        if (narg != 5) error->all(FLERR, std::string("fix DEMC/HISTORY is created by pair_style gran/demc, not by an input"));
        nstate = utils::inumeric(FLERR, arg[3], false, lmp);
        maxpartner = utils::inumeric(FLERR, arg[4], false, lmp);
        width = 1 + maxpartner * (1 + nstate);
        maxexchange = width;
        create_attribute = 1;
        restart_peratom = 1; // write_restart carries the rows; a read_restart gives them back (unpack_restart)
        grow_arrays(atom->nmax);
        atom->add_callback(Atom::GROW);
        atom->add_callback(Atom::RESTART);
        for (int i = 0; i < atom->nmax; ++i) hist[i][0] = 0.0;
    }
    ~FixDemcHistory() override
    {
        atom->delete_callback(id, Atom::GROW);
        atom->delete_callback(id, Atom::RESTART);
        memory->destroy(hist);
    }
    int setmask() override { return FixConst::PRE_EXCHANGE | FixConst::END_OF_STEP | FixConst::POST_RUN; }
    // a restart file written during the run (the restart command) at the end of this step: the rows first
    void end_of_step() override
    {
        if (owner && output->restart_flag && output->next_restart == update->ntimestep) owner->store_rows();
    }
    void pre_exchange() override
    {
        if (owner) owner->store_rows();
    }
    void post_run() override
    {
        if (!owner) return;
        owner->store_rows();
        owner->forget_list();
    }
    void grow_arrays(int nmax) override { memory->grow(hist, nmax, width, "demc/history:hist"); }
    void copy_arrays(int i, int j, int) override { memcpy(hist[j], hist[i], sizeof(double) * (1 + rows(i) * (1 + nstate))); }
    void set_arrays(int i) override { hist[i][0] = 0.0; }
    int pack_exchange(int i, double *buf) override
    {
        const int n = 1 + rows(i) * (1 + nstate);
        memcpy(buf, hist[i], sizeof(double) * n);
        return n;
    }
    int unpack_exchange(int i, double *buf) override
    {
        const int n = 1 + (int)buf[0] * (1 + nstate);
        memcpy(hist[i], buf, sizeof(double) * n);
        return n;
    }
    // Restart: per atom [size, nstate, count, rows...]. Read back into a fix of another state size (the pair style's
    // laws changed between the runs), the rows are dropped: those contacts start anew.
    int pack_restart(int i, double *buf) override
    {
        const int n = 1 + rows(i) * (1 + nstate);
        buf[0] = 2 + n;
        buf[1] = nstate;
        memcpy(buf + 2, hist[i], sizeof(double) * n);
        return 2 + n;
    }
    void unpack_restart(int nlocal, int nth) override
    {
        double **extra = atom->extra;
        int m = 0;
        for (int k = 0; k < nth; ++k) m += (int)extra[nlocal][m];
        const double *rec = extra[nlocal] + m;
        const int count = (int)rec[2];
        if ((int)rec[1] != nstate || count > maxpartner) { hist[nlocal][0] = 0.0; return; }
        memcpy(hist[nlocal], rec + 2, sizeof(double) * (1 + count * (1 + nstate)));
    }
    int size_restart(int i) override { return 3 + rows(i) * (1 + nstate); }
    int maxsize_restart() override { return 2 + width; }
    double memory_usage() override { return (double)atom->nmax * width * sizeof(double); }

    int rows(int i) const { return (int)hist[i][0]; }
    // the state of atom i's contact with the atom of ID partner, or nullptr
    double *find(int i, tagint partner) const
    {
        double *r = hist[i] + 1;
        for (int k = rows(i); k > 0; --k, r += 1 + nstate)
            if (r[0] == (double)partner) return r + 1;
        return nullptr;
    }
    // the rows of the owned atoms emptied, before store_rows() writes them again
    void clear(int nlocal)
    {
        for (int i = 0; i < nlocal; ++i) hist[i][0] = 0.0;
    }
    // store atom i's contact with the atom of ID partner (a new row: each contact is stored once per atom)
    void add(int i, tagint partner, const double *state)
    {
        const int k = rows(i);
        if (k == maxpartner)
            error->one(FLERR, "pair gran/demc: an atom touches more than " + std::to_string(maxpartner) +
                                  " others (pair_style keyword partners)");
        double *r = hist[i] + 1 + k * (1 + nstate);
        r[0] = (double)partner;
        memcpy(r + 1, state, sizeof(double) * nstate);
        hist[i][0] = k + 1;
    }

    double **hist;
    int nstate, maxpartner, width;
    HistoryOwner *owner; // the pair style, set by its init_style()
};

Fix *create_history(LAMMPS *lmp, int narg, char **arg) { return new FixDemcHistory(lmp, narg, arg); }

// ---------------------------------------------------------------------------------------------------------------------
// pair_style gran/demc PRESET [keyword value ...]; pair_coeff I J keyword value ... (the names of coeff_names, in
// the order of the fields)
struct Coeff {
    double E, nu, e, mu, k, kappa;
    double mu_r, roll_c, roll_eta, k_roll, gamma_roll, k_twist, gamma_twist, mu_twist, w;
};
const char *const coeff_names = "E nu e mu k kappa mu_r roll_c roll_eta k_roll gamma_roll k_twist gamma_twist mu_twist w";
const int ncoeff = sizeof(Coeff) / sizeof(double);
bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
double given(double v, double otherwise) { return std::isnan(v) ? otherwise : v; }

struct Keyword {
    const char *name, *values;
};
const Keyword keywords[] = {
    {"contact_point", "compliance half"}, {"transport", "rotate project"}, {"spin", "off on"},
    {"stiffness", "average backward forward total"}, {"recalculation", "incremental conventional"},
    {"direction", "force displacement velocity"}, {"unloading", "rescale keep"}, {"coulomb", "total elastic lammps"},
    {"end", "force overlap"}, {"increment", "velocity rolling"}, {"damping_map", "exact tsuji"},
    {"shear", "mindlin zabulionis campello"}, {"contact_velocity", "contact full"},
    {"tangential", "none spring md mdr"}, {"rolling", "none cdt epsd sds"}, {"twisting", "none marshall sds"},
    {"adhesion", "none jkr dmt"}, {"rolling_limiter", "inertia none"}, {"eval", "single batch"},
    {"coulomb_load", "positive absolute"}};

int choice(Error *error, const char *values, const char *word)
{
    std::string all = std::string(" ") + values + " ", w = std::string(" ") + word + " ";
    size_t at = all.find(w);
    if (at == std::string::npos) error->all(FLERR, std::string("pair gran/demc: expected one of: ") + values);
    int n = 0;
    for (size_t k = 1; k <= at; ++k) n += all[k] == ' ';
    return n;
}

// LAMMPS's `damping tsuji`: the damping coefficient α of its polynomial in e (Tsuji et al. 1992's fit, as the
// LAMMPS pair_style granular documentation gives it).
double tsuji_alpha(double e)
{
    static const double c[7] = {1.2728, -4.2783, 11.087, -22.348, 27.467, -18.022, 4.8218};
    double a = 0.0, p = 1.0;
    for (int n = 0; n < 7; ++n, p *= e) a += c[n] * p;
    return a;
}

class PairGranDemc : public Pair, public HistoryOwner {
public:
    explicit PairGranDemc(LAMMPS *lmp)
        : Pair(lmp), fix_(nullptr), map_tsuji_(false), lammps_damping_(false), batch_(true), full_velocity_(false), shear_(DEMC_SHEAR_MINDLIN), nstate_(0),
          kind_(0), maxpartner_(16), maxrad_(0.0)
    {
        single_enable = 0;
        restartinfo = 0; // after read_restart the input gives pair_style and pair_coeff again (the history is the fix's)
        no_virial_fdotr_compute = 1;
        finitecutflag = 1;
        demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def_, &def_, nullptr);
    }
    ~PairGranDemc() override
    {
        if (allocated) {
            memory->destroy(setflag);
            memory->destroy(cutsq);
        }
        if (fix_ && modify->find_fix(FIX_ID) >= 0) {
            fix_->owner = nullptr;
            modify->delete_fix(FIX_ID);
        }
    }
    void settings(int narg, char **arg) override;
    void coeff(int narg, char **arg) override;
    void init_style() override;
    double init_one(int i, int j) override;
    void compute(int eflag, int vflag) override;
    void store_rows() override;
    void forget_list() override { listed_ = false; }

private:
    void allocate();
    void list_contacts();
    template <demc_contact_kind K, bool FULL> void loop(double *states);
    void loop_batch(double *states);

    demc_contact_def def_;
    FixDemcHistory *fix_;
    bool map_tsuji_;      // γ from e by LAMMPS's Tsuji polynomial instead of demc's exact map
    bool lammps_damping_; // conventions lammps: the tangential dashpot is LAMMPS's (the normal one's coefficient)
    bool batch_;          // eval batch (default): the pairs within reach gathered, demc_contact_eval_batch(); not
                          // with contact_velocity full, whose frames the batch cannot build
    bool full_velocity_;  // contact_velocity full: the surfaces' velocities from the full radii (LAMMPS), torque arms
                          // from the contact point rule
    int shear_;           // demc_shear_mixing of G*
    size_t nstate_;
    demc_contact_kind kind_;
    int maxpartner_;
    double maxrad_;
    std::vector<Coeff> coeff_;                 // [i * (ntypes + 1) + j], NaN where not given
    std::vector<demc_contact_model> models_;   // [i * (ntypes + 1) + j]
    std::vector<double> range_;                // demc_contact_model_range() of each
    // The pairs of the current neighbour list (list_contacts(), after each build), grouped by type pair in list
    // order: bodies a (the smaller atom ID) and b, the list's i and j, their atom IDs; each group's start in groups_
    // (one group per type pair present, its type pair in group_tp_); the states, nstate_ doubles a pair (w_ with
    // room for a model without state), read and written in place by every step until the next build.
    std::vector<int> ea_, eb_, ei_, ej_, group_tp_;
    std::vector<tagint> eta_, etb_;
    std::vector<size_t> groups_;
    std::vector<double> states_, setup_states_, forces_;
    size_t w_ = 1;
    bool listed_ = false;   // states_ follows the current list
    bigint listed_at_ = -1; // neighbor->ncalls of that list
    double *cutoff_rows_[1];
};

void PairGranDemc::allocate()
{
    allocated = 1;
    const int n = atom->ntypes;
    memory->create(setflag, n + 1, n + 1, "pair:setflag");
    memory->create(cutsq, n + 1, n + 1, "pair:cutsq");
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) setflag[i][j] = 0;
    Coeff none;
    for (int k = 0; k < ncoeff; ++k) (&none.E)[k] = NAN;
    coeff_.assign((n + 1) * (n + 1), none);
}

void PairGranDemc::settings(int narg, char **arg)
{
    static const char *presets = "hmd lsd plsb hm campello";
    if (narg < 1) error->all(FLERR, std::string("pair_style gran/demc hmd|lsd|plsb|hm|campello [keyword value ...]"));
    demc_contact_def_init((demc_contact_preset)choice(error, presets, arg[0]), sizeof def_, &def_, nullptr);
    map_tsuji_ = lammps_damping_ = full_velocity_ = false;
    batch_ = true; // eval batch unless asked otherwise (contact_velocity full evaluates pair by pair)
    shear_ = DEMC_SHEAR_MINDLIN;
    bool coulomb_given = false, load_given = false; // by their own keywords (else conventions lammps may set them)
    for (int a = 1; a < narg; a += 2) {
        if (a + 1 >= narg) error->all(FLERR, std::string("pair gran/demc: a keyword without its value"));
        const char *key = arg[a], *val = arg[a + 1];
        if (!strcmp(key, "conventions")) { // pair_style granular's hertz/material ... tangential mindlin, field by field
            const int set = choice(error, "demc lammps liggghts", val);
            if (set == 0) continue;
            if (set == 2) { // LIGGGHTS's hertz/tangential history (as docs/examples/liggghts sets it), demc's damping map
                def_.contact_point = DEMC_CONTACT_POINT_HALF;
                def_.transport = DEMC_TRANSPORT_PROJECT;
                def_.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
                def_.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
                def_.friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT;
                def_.friction.coulomb = DEMC_COULOMB_ELASTIC;
                def_.end = DEMC_CONTACT_END_OVERLAP;
                continue;
            }
            def_.contact_point = DEMC_CONTACT_POINT_HALF;
            def_.transport = DEMC_TRANSPORT_PROJECT;
            def_.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
            def_.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
            def_.friction.direction = DEMC_SLIP_DIRECTION_FORCE;
            // LAMMPS's two rules on friction (demc 1.1): on slip the spring keeps mu F_n t - F_d (the dashpot keeps
            // all of -c_t v_t), and the load is |F_n|, also while the force pulls
            def_.friction.coulomb = DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
            def_.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
            def_.end = DEMC_CONTACT_END_OVERLAP;
            map_tsuji_ = lammps_damping_ = full_velocity_ = true;
            continue;
        }
        if (!strcmp(key, "tangential_damping")) {
            def_.tangential_damping_scale = utils::numeric(FLERR, val, false, lmp);
            lammps_damping_ = false;
            continue;
        }
        if (!strcmp(key, "springs")) { // the resolution of tangential mdr (0: the library's default)
            def_.mdr_springs = utils::inumeric(FLERR, val, false, lmp);
            continue;
        }
        if (!strcmp(key, "partners")) {
            maxpartner_ = utils::inumeric(FLERR, val, false, lmp);
            if (maxpartner_ < 1 || maxpartner_ > 32) error->all(FLERR, std::string("pair gran/demc: partners is 1 to 32"));
            continue;
        }
        size_t k = 0;
        while (k < sizeof keywords / sizeof *keywords && strcmp(keywords[k].name, key)) ++k;
        if (k == sizeof keywords / sizeof *keywords) error->all(FLERR, std::string("pair gran/demc: unknown keyword ") + key);
        const int c = choice(error, keywords[k].values, val);
        switch (k) {
        case 0: def_.contact_point = (demc_contact_point_rule)c; break;
        case 1: def_.transport = (demc_memory_transport)c; break;
        case 2: def_.transport_spin = c; break;
        case 3: def_.friction.stiffness_rule = (demc_stiffness_rule)c; break;
        case 4: def_.friction.recalculation = (demc_slip_recalculation)c; break;
        case 5: def_.friction.direction = (demc_slip_direction)c; break;
        case 6: def_.friction.unloading = (demc_unloading_rule)c; break;
        case 7: // total, elastic, lammps: the enumerators 0, 1 and DEMC_COULOMB_TOTAL_DASHPOT_KEPT (2)
            def_.friction.coulomb = (demc_coulomb_policy)c;
            coulomb_given = true;
            break;
        case 8: def_.end = (demc_contact_end)c; break;
        case 9: def_.increment = (demc_increment_rule)c; break;
        case 10: map_tsuji_ = c == 1; break;
        case 11: shear_ = c; break;
        case 12: full_velocity_ = c == 1; break;
        case 13: def_.tangential = (demc_tangential_law)c; break;
        case 14: def_.rolling = (demc_rolling_law)c; break;
        case 15: def_.twisting = (demc_twisting_law)c; break;
        case 16:
            if (def_.normal != DEMC_NORMAL_HERTZ && def_.normal != DEMC_NORMAL_JKR && def_.normal != DEMC_NORMAL_DMT)
                error->all(FLERR, std::string("pair gran/demc: adhesion needs a Hertz preset (hmd, hm, campello)"));
            def_.normal = c == 0 ? DEMC_NORMAL_HERTZ : c == 1 ? DEMC_NORMAL_JKR : DEMC_NORMAL_DMT;
            if (c) def_.end = DEMC_CONTACT_END_OVERLAP; // the adhesive laws pull by design
            break;
        case 17: def_.rolling_limiter = (demc_rolling_cdt_limiter)c; break;
        case 18: batch_ = c == 1; break;
        default:
            def_.coulomb_load = (demc_coulomb_load)c;
            load_given = true;
            break;
        }
    }
    // The Mindlin-Deresiewicz and MDR laws are not LAMMPS's (its 29 Sep 2021 release has neither): under conventions
    // lammps they keep demc's rules for those two (the library refuses them there), unless asked by keyword.
    if (def_.tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ || def_.tangential == DEMC_TANGENTIAL_MDR) {
        if (!coulomb_given && def_.friction.coulomb == DEMC_COULOMB_TOTAL_DASHPOT_KEPT)
            def_.friction.coulomb = DEMC_COULOMB_TOTAL;
        if (!load_given) def_.coulomb_load = DEMC_COULOMB_LOAD_POSITIVE;
    }
    // The state layout depends on the laws and conventions only: compile a placeholder to learn it.
    demc_contact_def probe = def_;
    probe.moduli.effective_modulus = probe.moduli.effective_shear_modulus = probe.normal_stiffness = 1.0;
    probe.restitution = 0.5;
    probe.max_effective_radius = 1.0;
    demc_contact_model m;
    const char *bad = nullptr;
    if (demc_contact_model_init(&probe, &m, &bad) != DEMC_OK)
        error->all(FLERR, std::string("pair gran/demc: invalid combination at ") + (bad ? bad : "?"));
    nstate_ = demc_contact_model_state_size(&m);
    kind_ = demc_contact_model_kind(&m);
}

void PairGranDemc::coeff(int narg, char **arg)
{
    if (narg < 2 || narg % 2) error->all(FLERR, std::string("pair_coeff I J [keyword value] ...: keywords ") + coeff_names);
    if (!allocated) allocate();
    int ilo, ihi, jlo, jhi;
    utils::bounds(FLERR, arg[0], 1, atom->ntypes, ilo, ihi, error);
    utils::bounds(FLERR, arg[1], 1, atom->ntypes, jlo, jhi, error);
    Coeff c;
    for (int k = 0; k < ncoeff; ++k) (&c.E)[k] = NAN;
    for (int a = 2; a < narg; a += 2) {
        const double v = utils::numeric(FLERR, arg[a + 1], false, lmp);
        const int k = choice(error, coeff_names, arg[a]);
        (&c.E)[k] = v;
    }
    const int n1 = atom->ntypes + 1;
    for (int i = ilo; i <= ihi; ++i)
        for (int j = (jlo > i ? jlo : i); j <= jhi; ++j) {
            coeff_[i * n1 + j] = coeff_[j * n1 + i] = c;
            setflag[i][j] = 1;
        }
}

void PairGranDemc::init_style()
{
    if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag || !atom->tag_enable)
        error->all(FLERR, std::string("pair gran/demc needs atom_style sphere (radius, mass, omega, torque) and atom IDs"));
    if (comm->ghost_velocity == 0) error->all(FLERR, std::string("pair gran/demc needs ghost velocities: comm_modify vel yes"));
    if (force->newton_pair) error->all(FLERR, std::string("pair gran/demc needs newton off (each rank evaluates its own pairs)"));
    neighbor->request(this, instance_me); // the default: a half list, every pair once per rank that owns one of it
    // the history fix: created once; a changed law (another state size) replaces it, which drops every contact
    int at = modify->find_fix(FIX_ID);
    if (at >= 0) {
        FixDemcHistory *f = static_cast<FixDemcHistory *>(modify->fix[at]);
        if (f->nstate != (int)nstate_ || f->maxpartner != maxpartner_) { modify->delete_fix(FIX_ID); at = -1; }
    }
    if (at < 0)
        modify->add_fix(std::string(FIX_ID) + " all DEMC/HISTORY " + std::to_string(nstate_) + " " +
                        std::to_string(maxpartner_));
    fix_ = static_cast<FixDemcHistory *>(modify->fix[modify->find_fix(FIX_ID)]);
    fix_->owner = this;
    listed_ = false; // read the contacts from the fix's rows at the first step
    // the reach of the neighbour list: twice the largest radius of the atoms present or to come (fix pour, deposit)
    double r = 0.0;
    for (int i = 0; i < atom->nlocal; ++i) r = atom->radius[i] > r ? atom->radius[i] : r;
    MPI_Allreduce(&r, &maxrad_, 1, MPI_DOUBLE, MPI_MAX, world);
    for (int f = 0; f < modify->nfix; ++f) { // fix pour and fix deposit answer "radius" per atom type (in and out)
        if (strcmp(modify->fix[f]->style, "pour") && strcmp(modify->fix[f]->style, "deposit")) continue;
        for (int t = 1; t <= atom->ntypes; ++t) {
            int dim = t;
            const double *fr = static_cast<const double *>(modify->fix[f]->extract("radius", dim));
            if (fr && *fr > maxrad_) maxrad_ = *fr;
        }
    }
    const int n1 = atom->ntypes + 1;
    models_.assign(n1 * n1, demc_contact_model());
    range_.assign(n1 * n1, 0.0);
}

double PairGranDemc::init_one(int i, int j)
{
    const int n1 = atom->ntypes + 1;
    Coeff c = coeff_[i * n1 + j];
    const Coeff &ci = coeff_[i * n1 + i], &cj = coeff_[j * n1 + j];
    demc_material a = {c.E, c.nu, 1.0, 0.0}, b = a;
    if (!setflag[i][j]) { // mixing: the two materials by demc's rules; the rest only where both types agree
        if (!setflag[i][i] || !setflag[j][j]) error->all(FLERR, std::string("pair gran/demc: pair_coeff not set for every type"));
        bool agree = true;
        for (int k = 2; k < ncoeff; ++k) agree = agree && (k == 4 || same((&ci.E)[k], (&cj.E)[k]));
        if (!agree)
            error->all(FLERR, "pair gran/demc: types " + std::to_string(i) + " and " + std::to_string(j) +
                                  " differ in a coefficient other than E, nu, k: give their pair_coeff");
        a = {ci.E, ci.nu, 1.0, 0.0};
        b = {cj.E, cj.nu, 1.0, 0.0};
        c = ci;
        c.k = 0.5 * (ci.k + cj.k);
    }
    demc_contact_def d = def_;
    const bool hertz = d.normal != DEMC_NORMAL_LINEAR && d.normal != DEMC_NORMAL_PLSB;
    if (hertz && demc_material_moduli_init(&a, &b, (demc_shear_mixing)shear_, &d.moduli, nullptr) != DEMC_OK)
        error->all(FLERR, "pair gran/demc: invalid or missing E, nu for types " + std::to_string(i) + " " + std::to_string(j));
    if (!hertz) {
        d.normal_stiffness = c.k;
        d.stiffness_ratio = std::isnan(c.kappa) ? 0.0 : c.kappa;
    }
    d.restitution = std::isnan(c.e) ? 1.0 : c.e;
    if (map_tsuji_ && d.damping == DEMC_DAMPING_VISCOUS) {
        // LAMMPS's dashpot is α√(m* k) δ̇ with k = (4/3)E*√(R*δ) (hertz/material) or k (hooke); demc's is
        // 2γ√(m* k_n) δ̇ with k_n = 2E*√(R*δ) or k: γ = α/√6 or α/2, handed to demc as the restitution that
        // demc's exact map turns back into that γ.
        const double alpha = tsuji_alpha(d.restitution), gamma = hertz ? alpha / sqrt(6.0) : 0.5 * alpha;
        (hertz ? demc_damping_hmd_restitution : demc_damping_lsd_restitution)(gamma, d.end, &d.restitution);
        // LAMMPS's tangential dashpot has the normal one's coefficient: 2γ_t√(m* 8G*a) = α√(m* (4/3)E*a) (Hertz),
        // 2γ_t√(m* κk) = α√(m* k) (linear)
        if (lammps_damping_ && hertz)
            d.tangential_damping_scale = sqrt(d.moduli.effective_modulus / (4.0 * d.moduli.effective_shear_modulus));
        else if (lammps_damping_ && d.stiffness_ratio > 0.0)
            d.tangential_damping_scale = 1.0 / sqrt(d.stiffness_ratio);
    }
    if (d.tangential != DEMC_TANGENTIAL_NONE) d.friction.mu_static = d.friction.mu_dynamic = std::isnan(c.mu) ? 0.0 : c.mu;
    // the laws of 1.x: rolling (CDT, EPSD: mu_r [roll_c roll_eta]; SDS: k_roll gamma_roll mu_r), twisting (Marshall:
    // from the tangential spring; SDS: k_twist gamma_twist mu_twist), adhesion (JKR, DMT: w)
    if (d.rolling != DEMC_ROLLING_NONE) {
        d.mu_rolling = given(c.mu_r, 0.0);
        d.rolling_stiffness_coefficient = given(c.roll_c, d.rolling_stiffness_coefficient);
        d.rolling_damping_ratio = given(c.roll_eta, d.rolling_damping_ratio);
        d.rolling_stiffness = given(c.k_roll, 0.0);
        d.rolling_damping = given(c.gamma_roll, 0.0);
    }
    if (d.twisting == DEMC_TWISTING_SDS) {
        d.twisting_stiffness = given(c.k_twist, 0.0);
        d.twisting_damping = given(c.gamma_twist, 0.0);
        d.mu_twisting = given(c.mu_twist, 0.0);
    }
    if (d.normal == DEMC_NORMAL_JKR || d.normal == DEMC_NORMAL_DMT) {
        d.work_of_adhesion = given(c.w, 0.0);
        // JKR's neck range is set by the largest R* served: two of the largest spheres present or to come
        if (d.normal == DEMC_NORMAL_JKR) d.max_effective_radius = maxrad_ > 0.0 ? 0.5 * maxrad_ : 1.0;
    }
    const char *bad = nullptr;
    demc_contact_model &m = models_[i * n1 + j];
    if (demc_contact_model_init(&d, &m, &bad) != DEMC_OK)
        error->all(FLERR, "pair gran/demc: types " + std::to_string(i) + " " + std::to_string(j) + ": invalid " +
                              (bad ? bad : "?"));
    models_[j * n1 + i] = m;
    range_[i * n1 + j] = range_[j * n1 + i] = demc_contact_model_range(&m);
    return 2.0 * maxrad_ + range_[i * n1 + j];
}

// One pair within reach, body a the one of the smaller atom ID. Linked: one library call; header-only: the frame
// builder and the evaluation inlined, with the kind K folded (K = 0: the kind read from the model).
// FULL (contact_velocity full, LAMMPS's rule): the frame's branch vectors are the full radii, -R_a n and R_b n, so
// that the relative velocity of the surfaces is v_a - v_b - (R_a w_a + R_b w_b) x n as pair_style granular forms it;
// the torques are then moved back onto the contact point of the model's rule (d x F with the builder's branches).
template <demc_contact_kind K, bool FULL>
inline demc_contact_result eval_pair(const demc_contact_model *model, const demc_body &ba, const demc_body &bb,
                                     double dt, double *state)
{
    if (!FULL) {
#ifndef DEMC_HEADER_ONLY
        return demc_contact_eval_sphere_sphere(model, &ba, &bb, dt, state, nullptr);
#else
        demc_contact_frame fr = demc_contact_frame_sphere_sphere(model, &ba, &bb);
        return K ? demc_contact_eval_kind(K, model, &fr, dt, state, nullptr) : demc_contact_eval(model, &fr, dt, state, nullptr);
#endif
    }
    demc_contact_frame fr = demc_contact_frame_sphere_sphere(model, &ba, &bb);
    const demc_vec3 arm_a = fr.branch_i, arm_b = fr.branch_j;
    fr.branch_i = demc_vec3_scale(fr.normal, -ba.radius);
    fr.branch_j = demc_vec3_scale(fr.normal, bb.radius);
    demc_contact_result r = K ? demc_contact_eval_kind(K, model, &fr, dt, state, nullptr)
                              : demc_contact_eval(model, &fr, dt, state, nullptr);
    r.torque_i = demc_vec3_add(r.torque_i, demc_vec3_cross(demc_vec3_sub(arm_a, fr.branch_i), r.force));
    r.torque_j = demc_vec3_add(r.torque_j, demc_vec3_cross(r.force, demc_vec3_sub(arm_b, fr.branch_j)));
    return r;
}

void PairGranDemc::compute(int eflag, int vflag)
{
    ev_init(eflag, vflag);
    if (!listed_ || listed_at_ != neighbor->ncalls) list_contacts();
    // the setup pass evaluates on a copy, as LAMMPS's granular styles do: the states advance in the run's steps only
    double *states = states_.data();
    if (update->setupflag) {
        setup_states_ = states_;
        states = setup_states_.data();
    }
    if (batch_ && !full_velocity_) loop_batch(states);
    else if (full_velocity_) loop<0, true>(states);
    else if (kind_ == DEMC_CONTACT_KIND_HMD) loop<DEMC_CONTACT_KIND_HMD, false>(states);
    else loop<0, false>(states);
}

// After a neighbour-list build: the list's pairs (every pair once per rank that owns one of its atoms), body a the
// one of the smaller atom ID, grouped by type pair in list order, each pair's state read from the row its atom i
// keeps for atom j (i is owned in a half list; zero for a new contact). The rows are the states of the step before
// (store_rows() ran before the atoms moved).
void PairGranDemc::list_contacts()
{
    const int *type = atom->type, n1 = atom->ntypes + 1;
    const tagint *tag = atom->tag;
    std::vector<int> a, b, i_of, j_of, tp;
    for (int ii = 0; ii < list->inum; ++ii) {
        const int i = list->ilist[ii], *jlist = list->firstneigh[i], jnum = list->numneigh[i];
        for (int jj = 0; jj < jnum; ++jj) {
            const int j = jlist[jj] & NEIGHMASK;
            const bool i_first = tag[i] < tag[j];
            a.push_back(i_first ? i : j);
            b.push_back(i_first ? j : i);
            i_of.push_back(i);
            j_of.push_back(j);
            tp.push_back(type[i] * n1 + type[j]);
        }
    }
    const size_t n = a.size();
    w_ = nstate_ ? nstate_ : 1;
    ea_.clear(); eb_.clear(); ei_.clear(); ej_.clear(); eta_.clear(); etb_.clear(); groups_.clear(); group_tp_.clear();
    states_.assign(n * w_, 0.0);
    std::vector<char> done(n, 0);
    for (size_t first = 0; first < n; ++first) { // one group per type pair present (one atom type: the list itself)
        if (done[first]) continue;
        groups_.push_back(ea_.size());
        group_tp_.push_back(tp[first]);
        for (size_t q = first; q < n; ++q) {
            if (done[q] || tp[q] != tp[first]) continue;
            done[q] = 1;
            const double *kept = fix_->find(i_of[q], tag[j_of[q]]);
            if (kept) memcpy(&states_[ea_.size() * w_], kept, nstate_ * sizeof(double));
            ea_.push_back(a[q]); eb_.push_back(b[q]); ei_.push_back(i_of[q]); ej_.push_back(j_of[q]);
            eta_.push_back(tag[a[q]]); etb_.push_back(tag[b[q]]);
        }
    }
    groups_.push_back(ea_.size());
    listed_ = true;
    listed_at_ = neighbor->ncalls;
}

// The list's contacts (a state not zero) written into the fix's rows of the owned atoms, under both atoms of a pair
// that one rank owns entirely: whichever atom leaves the rank carries it. The partners are named by the IDs the list
// recorded: a fix that ran before this one in the same pre_exchange may have put new atoms where ghosts were (fix
// pour appends its atoms over the ghosts' slots) or removed atoms; an index whose ID is no longer the listed one is
// not written to.
void PairGranDemc::store_rows()
{
    if (!listed_ || !fix_) return;
    const int nlocal = atom->nlocal;
    const tagint *tag = atom->tag;
    fix_->clear(nlocal);
    for (size_t q = 0; q < ea_.size(); ++q) {
        const double *state = &states_[q * w_];
        bool live = false;
        for (size_t k = 0; k < nstate_ && !live; ++k) live = state[k] != 0.0;
        if (!live) continue;
        const int a = ea_[q], b = eb_[q];
        if (a < nlocal && tag[a] == eta_[q]) fix_->add(a, etb_[q], state);
        if (b < nlocal && tag[b] == etb_[q]) fix_->add(b, eta_[q], state);
    }
}

// One call per pair (eval single, contact_velocity full), in the order of the batch path: a pair within reach is
// evaluated and its forces added; a pair apart (beyond the model's reach) is released, its state zeroed, as the
// batch releases it.
template <demc_contact_kind K, bool FULL> void PairGranDemc::loop(double *states)
{
    double **x = atom->x, **v = atom->v, **f = atom->f, **omega = atom->omega, **torque = atom->torque;
    const double *radius = atom->radius, *rmass = atom->rmass, dt = update->dt;
    const int nlocal = atom->nlocal;
    for (size_t g = 0; g + 1 < groups_.size(); ++g) {
        const int tp = group_tp_[g];
        for (size_t q = groups_[g]; q < groups_[g + 1]; ++q) {
            const int a = ea_[q], b = eb_[q];
            double *state = states + q * w_;
            const double dx = x[a][0] - x[b][0], dy = x[a][1] - x[b][1], dz = x[a][2] - x[b][2];
            const double reach = radius[a] + radius[b] + range_[tp];
            if (!(dx * dx + dy * dy + dz * dz < reach * reach)) {
                memset(state, 0, nstate_ * sizeof(double));
                continue;
            }
            const demc_body ba = {{x[a][0], x[a][1], x[a][2]}, {v[a][0], v[a][1], v[a][2]},
                                  {omega[a][0], omega[a][1], omega[a][2]}, radius[a], rmass[a], 0.0};
            const demc_body bb = {{x[b][0], x[b][1], x[b][2]}, {v[b][0], v[b][1], v[b][2]},
                                  {omega[b][0], omega[b][1], omega[b][2]}, radius[b], rmass[b], 0.0};
            const demc_contact_result r = eval_pair<K, FULL>(&models_[tp], ba, bb, dt, state);
            // r.force acts on a; newton off: a ghost gets its force on the rank that owns it
            if (a < nlocal) {
                f[a][0] += r.force.x; f[a][1] += r.force.y; f[a][2] += r.force.z;
                torque[a][0] += r.torque_i.x; torque[a][1] += r.torque_i.y; torque[a][2] += r.torque_i.z;
            }
            if (b < nlocal) {
                f[b][0] -= r.force.x; f[b][1] -= r.force.y; f[b][2] -= r.force.z;
                torque[b][0] += r.torque_j.x; torque[b][1] += r.torque_j.y; torque[b][2] += r.torque_j.z;
            }
            if (evflag) {
                const int i = ei_[q], j = ej_[q];
                const double s = a == i ? 1.0 : -1.0; // the force on i
                ev_tally_xyz(i, j, nlocal, 0, 0.0, 0.0, s * r.force.x, s * r.force.y, s * r.force.z, x[i][0] - x[j][0],
                             x[i][1] - x[j][1], x[i][2] - x[j][2]);
            }
        }
    }
}

// eval batch: each type pair's contacts by demc_contact_eval_batch(), the whole list as the library's neighbour-list
// case (its sift releases the pairs apart), with LAMMPS's arrays and the list's states read and written in place and
// the forces and torques added straight into f and torque (a ghost's rows receive its share too, which newton off
// never reads). One atom type: one batch of the list in its order, so the results are the one-call path's bit for bit.
void PairGranDemc::loop_batch(double *states)
{
    double **x = atom->x, **f = atom->f, **torque = atom->torque;
    const int nlocal = atom->nlocal;
    const size_t n = ea_.size();
    forces_.assign(evflag ? 3 * n : 0, 0.0);
    for (size_t g = 0; g + 1 < groups_.size(); ++g) {
        const size_t first = groups_[g];
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        b.count = groups_[g + 1] - first;
        b.i = ea_.data() + first;
        b.j = eb_.data() + first;
        b.position = x[0];
        b.velocity = atom->v[0];
        b.angular_velocity = atom->omega[0];
        b.radius = atom->radius;
        b.mass = atom->rmass;
        b.vector_stride = 3;
        b.scalar_stride = 1;
        b.state = states + first * w_;
        b.state_stride = w_;
        b.force = evflag ? forces_.data() + 3 * first : nullptr;
        b.body_force = f[0];
        b.body_torque = torque[0];
        const char *bad = nullptr;
        if (demc_contact_eval_batch(&models_[group_tp_[g]], &b, update->dt, &bad) != DEMC_OK)
            error->one(FLERR, std::string("pair gran/demc: demc_contact_eval_batch refused ") + (bad ? bad : "?"));
    }
    if (!evflag) return;
    for (size_t q = 0; q < n; ++q) {
        const double *fq = &forces_[3 * q];
        if (fq[0] == 0.0 && fq[1] == 0.0 && fq[2] == 0.0) continue; // apart: nothing to tally
        const int i = ei_[q], j = ej_[q];
        const double sgn = ea_[q] == i ? 1.0 : -1.0;
        ev_tally_xyz(i, j, nlocal, 0, 0.0, 0.0, sgn * fq[0], sgn * fq[1], sgn * fq[2], x[i][0] - x[j][0],
                     x[i][1] - x[j][1], x[i][2] - x[j][2]);
    }
}

Pair *create_pair(LAMMPS *lmp) { return new PairGranDemc(lmp); }

} // namespace

// Registers pair_style gran/demc and its history fix in a running LAMMPS instance (the loader calls it through
// ctypes with the instance the `python` command hands over; the host program calls it directly). 0 on success,
// 1 when the libdemc loaded cannot serve the headers this object was compiled with.
extern "C" __attribute__((visibility("default"))) int demc_lammps_register(void *handle)
{
    LAMMPS *lmp = static_cast<LAMMPS *>(handle);
    const int v = demc_version_number();
    if (v / 1000000 != DEMC_VERSION_MAJOR || v < DEMC_VERSION_NUMBER) {
        if (lmp->comm->me == 0)
            fprintf(stderr, "gran/demc: libdemc %s cannot serve headers %s\n", demc_version_string(), DEMC_VERSION_STRING);
        return 1;
    }
    (*lmp->force->pair_map)["gran/demc"] = &create_pair;
    (*lmp->modify->fix_map)["DEMC/HISTORY"] = &create_history;
    if (lmp->comm->me == 0) utils::logmesg(lmp, std::string("gran/demc: demc ") + demc_version_string() + " (" DEMC_FACE ")\n");
    return 0;
}

#ifdef DEMC_LAMMPS_HOST
// lammps-demc: Debian's LAMMPS library with gran/demc registered; every argument is LAMMPS's own (-in, -var, ...).
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    LAMMPS *lmp = new LAMMPS(argc, argv, MPI_COMM_WORLD);
    if (demc_lammps_register(lmp) != 0) MPI_Abort(MPI_COMM_WORLD, 1);
    lmp->input->file();
    delete lmp;
    MPI_Finalize();
    return 0;
}
#endif
