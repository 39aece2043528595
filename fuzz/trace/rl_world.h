/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rl_world.h - one run of an extracted driver (am65-cpsw or stmmac): the
 * model, the probed driver, the AF_XDP sockets and redirect targets, and
 * the operations the stack, the user and the hardware perform on it.
 * What differs between the drivers - their entry points and their
 * hardware's interrupts - goes through one table, struct rl_world_drv
 * (rl_world_am65.c, rl_world_stmmac.c); the rest is the kernel's.
 *
 * Every rl_world_<op>() below is one step: the operation, then the global
 * check (every predicate, the driver's included), then the step counter
 * moves on.  Probe is step 0; operation N of a trace is step N, and the
 * findings it causes carry that number.  Shared by the fuzz harness, the
 * replay tool and the KUnit tests, on the host and in-kernel.
 */
#ifndef RL_WORLD_H
#define RL_WORLD_H

#include "am65_cpsw.h"
#include "stmmac.h"

#define RL_WORLD_SOCKETS	AM65_CPSW_MAX_QUEUES
#define RL_WORLD_UMEM_FRAMES	32

/* The drivers a world can run; a trace names one (am65 by default). */
enum rl_driver { RL_DRV_AM65, RL_DRV_STMMAC, RL_DRV_NR };

/* The driver state an operation meets (make coverage's matrix columns). */
enum rl_world_state {
	RL_WS_DOWN,		/* no port up */
	RL_WS_QUEUES_DOWN,	/* a port up, its queues not (failed rebuild) */
	RL_WS_UP,
	RL_WS_UP_XDP,		/* a program attached */
	RL_WS_UP_ZC,		/* a queue in zero-copy mode */
	RL_WS_TDOWN_PENDING,	/* a teardown still owes its marker */
	RL_WS_NR
};

extern const char * const rl_world_state_names[RL_WS_NR];

struct rl_world;

/*
 * One driver as the world sees it: its entry points (ndo_*, NAPI polls,
 * ndo_bpf) behind the kernel's rules, which stay in rl_world.c, and its
 * device (what the hardware does, its interrupt lines).
 */
struct rl_world_drv {
	const char *name;
	u32 (*ports)(struct rl_world *w);
	struct rl_netdev *(*ndev)(struct rl_world *w, u32 port);
	u32 (*tx_queues)(struct rl_world *w);
	/* the driver's predicates (rl_world_check) */
	void (*check)(struct rl_world *w);
	void (*remove)(struct rl_world *w);
	int (*open)(struct rl_world *w, u32 port);
	int (*stop)(struct rl_world *w, u32 port);
	void (*link)(struct rl_world *w, u32 port, bool up);
	/* the device: one frame received, @k frames sent, lines raised */
	bool (*hw_rx)(struct rl_world *w, u32 flow, u32 port, u32 len, u32 i);
	u32 (*hw_tx)(struct rl_world *w, u32 chn, u32 k);
	u32 (*hw_tx_all)(struct rl_world *w);
	bool (*tx_pending)(struct rl_world *w);		/* may be NULL */
	void (*irqs)(struct rl_world *w);
	void (*timers)(struct rl_world *w);		/* may be NULL */
	/* NAPI polls with the world's liveness checks; < 0: did not run */
	int (*poll_rx)(struct rl_world *w, u32 flow, int budget);
	int (*poll_tx)(struct rl_world *w, u32 chn, int budget);
	u32 (*rx_napis)(struct rl_world *w);
	/* settled: what nobody will ever be interrupted for */
	void (*quiet)(struct rl_world *w);
	int (*xmit)(struct rl_world *w, u32 port, struct rl_sk_buff *skb);
	int (*xdp_xmit)(struct rl_world *w, u32 port, u32 n,
			struct rl_xdp_frame **frames);
	int (*bpf)(struct rl_world *w, u32 port, struct rl_bpf_prog *prog);
	int (*xsk_pool)(struct rl_world *w, u32 port, struct rl_xsk_pool *pool,
			u32 qid);
	int (*xsk_wakeup)(struct rl_world *w, u32 port, u32 qid, u32 flags);
	/* the state an operation meets (first that applies) */
	enum rl_world_state (*state)(struct rl_world *w);
};

extern const struct rl_world_drv rl_world_am65;
extern const struct rl_world_drv rl_world_stmmac;

struct rl_world {
	struct rl_model *m;
	const struct rl_world_drv *drv;
	bool probed;			/* the driver is there (until remove) */
	struct am65_cpsw_common *common;	/* am65: the driver */
	struct rl_stmmac_priv *stmmac;		/* stmmac: the driver */
	struct rl_redirect_target *target;	/* devmap for XDP_REDIRECT */
	u32 cpu;
	/* AF_XDP sockets bound to queues: UMEM pool + its xskmap target */
	struct rl_xsk_pool *xsk[RL_WORLD_SOCKETS];
	struct rl_redirect_target *xsk_target[RL_WORLD_SOCKETS];
	u32 xsk_port[RL_WORLD_SOCKETS];		/* 1-based, 0 = not bound */
	/* rl_world_skbmode.c: skb-mode XDP and copy-mode AF_XDP */
	bool xdp_skb;		/* attach: the core's generic hook */
	bool xsk_copy;		/* xsk_bind: XDP_COPY */
	bool xsk_copy_bound[RL_WORLD_SOCKETS];
	struct rl_bpf_prog *generic_prog[AM65_CPSW_MAX_PORTS];
	/*
	 * At a driver wait point: the trace runner's turn to run one of the
	 * operations nested in the blocking one, if it has one for this
	 * wait; then what the wait itself lets happen (world_wait).
	 */
	void (*at_wait)(void *ctx, struct rl_world *w, enum rl_wait_point wp);
	void *at_wait_ctx;
	u32 in_wait;		/* inside a driver wait: a call is half way */
	u8 wait_now;		/* RL_WAIT_* + 1 while at_wait runs, else 0 */
};

/* Model sized from the driver configuration (real sizes fit too). */
void rl_world_model_cfg(const struct rl_am65_cfg *cfg,
			struct rl_model_cfg *mcfg);
void rl_world_model_cfg_stmmac(const struct rl_stmmac_cfg *cfg,
			       struct rl_model_cfg *mcfg);
/*
 * Probe the driver over @m (which the caller made and owns).  Returns
 * non-zero when the driver refuses the configuration.
 */
int rl_world_init(struct rl_world *w, struct rl_model *m,
		  const struct rl_am65_cfg *cfg);
int rl_world_init_stmmac(struct rl_world *w, struct rl_model *m,
			 const struct rl_stmmac_cfg *cfg);
/*
 * The driver table's init functions end here: the probed driver @drv and
 * the devmap @target join the world, probe is step 0.
 */
/* The model's capacities for a driver (each driver's *_model_cfg). */
void rl_world_model_size(struct rl_model_cfg *mcfg, u32 descs, u32 buffers,
			 u32 coherent, u32 nr_cpus);
void rl_world_probed(struct rl_world *w, struct rl_model *m,
		     const struct rl_world_drv *drv,
		     struct rl_redirect_target *target);
/*
 * Probe failed under an allocation fault the world armed: no device
 * (driver_probe_device's error), every operation is refused, the run is
 * the end-of-run oracle's (what the failed probe left behind).
 */
void rl_world_probe_failed(struct rl_world *w, struct rl_model *m);
/* Close sockets, remove the driver, drop targets; no oracle. */
void rl_world_teardown(struct rl_world *w);
/* rl_world_teardown(), then the end-of-run oracle; true when clean. */
bool rl_world_finish(struct rl_world *w);
/* The global check + rl_am65_cpsw_is_valid, at the current step. */
void rl_world_check(struct rl_world *w);

int rl_world_open(struct rl_world *w, u32 port);
int rl_world_stop(struct rl_world *w, u32 port);
void rl_world_link(struct rl_world *w, u32 port, bool up);
/* @n packets of @len bytes arrive on @flow from @port; the IRQ fires. */
u32 rl_world_rx(struct rl_world *w, u32 flow, u32 port, u32 n, u32 len);
/* One NAPI poll; with no fault armed, the RX ring must stay full. */
int rl_world_poll_rx(struct rl_world *w, u32 flow, int budget);
/* One NAPI poll; zero-copy TX must not leave sendable frames waiting. */
int rl_world_poll_tx(struct rl_world *w, u32 chn, int budget);
/* The hardware sends up to @k packets of @chn; the IRQ fires. */
u32 rl_world_tx_complete(struct rl_world *w, u32 chn, u32 k);
/* @n hardware steps (late teardown markers land); IRQs delivered. */
void rl_world_hw_step(struct rl_world *w, u32 n);
/*
 * The hardware sends what is queued and every scheduled NAPI is polled,
 * until nothing is left to do.
 */
void rl_world_settle(struct rl_world *w);
int rl_world_xmit(struct rl_world *w, u32 port, u32 queue, u32 len,
		  u32 nr_frags, bool csum);
int rl_world_xdp_xmit(struct rl_world *w, u32 port, u32 n);
/* Attach a program cycling through @verdicts (n = 0: detach); its
 * XDP_REDIRECT goes to the devmap, or to the socket of @xsk_qid + 1.
 */
int rl_world_attach(struct rl_world *w, u32 port, const u8 *verdicts, u32 n,
		    u32 xsk_qid_plus1);
int rl_world_xsk_bind(struct rl_world *w, u32 port, u32 qid);
int rl_world_xsk_unbind(struct rl_world *w, u32 qid);
void rl_world_xsk_close(struct rl_world *w, u32 qid);
u32 rl_world_xsk_fill(struct rl_world *w, u32 qid, u32 n);
u32 rl_world_xsk_consume(struct rl_world *w, u32 qid, u32 n);
u32 rl_world_xsk_submit(struct rl_world *w, u32 qid, u32 n, u32 len);
u32 rl_world_xsk_reap(struct rl_world *w, u32 qid, u32 n);
int rl_world_xsk_wakeup(struct rl_world *w, u32 qid, u32 flags);
/* Time passes: the hardware moves, IRQs, pacing timers, the softirq. */
void rl_world_timer(struct rl_world *w);
/* A nested operation the kernel's rules forbid there: only the check. */
void rl_world_rejected(struct rl_world *w);
/* When teardown markers arrive (hardware), from the next request on. */
void rl_world_tdown(struct rl_world *w, enum rl_tdown_mode mode, u32 delay);
/* xdp_do_flush() by another NAPI on this CPU (per-CPU flush lists). */
void rl_world_flush(struct rl_world *w);
/* The stack cannot transmit on @port's @queue (down, or queue stopped). */
bool rl_world_txq_closed(struct rl_world *w, u32 port, u32 queue);
/* rl_world_skbmode.c: what the core does in skb mode and copy mode */
void rl_world_skbmode_init(struct rl_world *w, bool xdp_skb, bool xsk_copy);
int rl_world_generic_attach(struct rl_world *w, u32 port,
			    struct rl_bpf_prog *prog);
void rl_world_generic_detach_all(struct rl_world *w);
int rl_world_xsk_generic_xmit(struct rl_world *w, u32 qid);
/* The @nth call at @site from now fails (0 disarms). */
void rl_world_fault(struct rl_world *w, enum rl_fault_site site, u32 nth);
/* The stack lets go of up to @n delivered skbs. */
void rl_world_stack_release(struct rl_world *w, u32 n);

#endif /* RL_WORLD_H */
