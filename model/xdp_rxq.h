/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xdp_rxq.h - the receive side of the XDP core a driver calls
 * (net/core/xdp.c): XDP verdicts, memory models, xdp_rxq_info registration
 * and the xdp_buff a driver hands to the program.
 */
#ifndef RL_XDP_RXQ_H
#define RL_XDP_RXQ_H

#include "model.h"
#include "page.h"
#include "page_pool.h"
#include "xsk_pool.h"

/*
 * For the proofs: a ghost count of the RX pages the driver handed back
 * (rl_am65_cpsw_put_page); Frama-C only, gcc and the kernel see comments.
 * The model's own functions never touch it.
 */
/*@ ghost extern unsigned long long rl_g_pages_put; */

/* enum xdp_action values; anything else is an invalid verdict */
#define RL_XDP_ABORTED	0
#define RL_XDP_DROP	1
#define RL_XDP_PASS	2
#define RL_XDP_TX	3
#define RL_XDP_REDIRECT	4

enum rl_mem_type {
	RL_MEM_PAGE_SHARED,	/* MEM_TYPE_PAGE_SHARED */
	RL_MEM_PAGE_ORDER0,	/* MEM_TYPE_PAGE_ORDER0 */
	RL_MEM_PAGE_POOL,	/* MEM_TYPE_PAGE_POOL */
	RL_MEM_XSK_BUFF_POOL,	/* MEM_TYPE_XSK_BUFF_POOL */
};

enum rl_rxq_state {
	RL_RXQ_NEW,		/* never registered */
	RL_RXQ_REGISTERED,	/* REG_STATE_REGISTERED */
	RL_RXQ_UNREGISTERED,	/* REG_STATE_UNREGISTERED */
};

struct rl_xdp_rxq_info {
	struct rl_model *m;
	enum rl_rxq_state state;
	u32 port;
	u32 queue_index;
	u32 napi_id;
	bool has_mem_model;
	enum rl_mem_type mem_type;
	struct rl_page_pool *pp;	/* MEM_TYPE_PAGE_POOL allocator */
};

/* struct xdp_buff: either a page (page_pool mode) or an XSK buffer. */
struct rl_xdp_buff {
	struct rl_xdp_rxq_info *rxq;
	struct rl_page *page;
	struct rl_xsk_buff *xsk;
	u32 len;
	u32 tag;
};

/* xdp_rxq_info_reg() / _unreg() / _is_reg() / _reg_mem_model() */
int rl_xdp_rxq_info_reg(struct rl_model *m, struct rl_xdp_rxq_info *rxq,
			u32 port, u32 queue_index, u32 napi_id);
/*
 * Proof view (proofs/README.md, A3): unreg writes the info's state, its
 * memory model and pool pointer, and drops the pool's user (a
 * page_pool_destroy: the pool's memory, left out like that call's; the
 * ghost count of users dropped, rl_g_pp_drops, named).  Of a valid info
 * (rl_xdp_rxq_info_is_valid, checked after every step) a pool pointer
 * means registered with that pool as the memory model, so the contracts
 * read the pointer only.
 */
/*@ requires \valid(rxq);
  @ requires room: rl_g_pp_drops < 4294967295;
  @ assigns rxq->state, rxq->has_mem_model, rxq->pp, rl_g_pp_drops;
  @ ensures pp_gone: rxq->pp == \null;
  @ ensures pp_dropped: rl_g_pp_drops ==
  @   \old(rl_g_pp_drops) + (\old(rxq->pp) != \null ? 1 : 0);
  @*/
void rl_xdp_rxq_info_unreg(struct rl_xdp_rxq_info *rxq);
/*@ requires \valid_read(rxq);
  @ assigns \nothing;
  @ ensures pp_reg: rxq->pp != \null ==> \result;
  @*/
bool rl_xdp_rxq_info_is_reg(const struct rl_xdp_rxq_info *rxq);
/*
 * The page_pool @rxq holds a user of (registered with it as the memory
 * model, page_pool_use_xdp_mem), or NULL; for the drivers' oracles.
 */
struct rl_page_pool *rl_xdp_rxq_info_pp(const struct rl_xdp_rxq_info *rxq);
int rl_xdp_rxq_info_reg_mem_model(struct rl_xdp_rxq_info *rxq,
				  enum rl_mem_type type,
				  struct rl_page_pool *pp);
bool rl_xdp_rxq_info_is_valid(const struct rl_xdp_rxq_info *rxq);

#endif /* RL_XDP_RXQ_H */
