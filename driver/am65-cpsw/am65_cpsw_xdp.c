// SPDX-License-Identifier: GPL-2.0
/*
 * am65_cpsw_xdp.c - what happens to an RX page after the XDP program ran
 * (am65_cpsw_run_xdp) and how a page goes back (page_pool_put_full_page).
 *
 * Proven by Frama-C WP (proofs/, unit xdp_drop): on XDP_DROP, XDP_ABORTED
 * and an invalid verdict the buffer is consumed and its page is handed
 * back exactly once (ghost count rl_g_pages_put).  The ICSSG bug the
 * xdp_drop_page_leak variant re-injects returned without giving it back.
 */
#include "am65_cpsw.h"

/*@ ghost unsigned long long rl_g_pages_put; */
/*
 * Frames the verdict made (xdp_convert_buff_to_frame) and still holds:
 * sending one (xdp_tx_frame returning 0) or returning one hands it on.
 * Counted here, at the calls, by the API's rules (ghost code).
 */
/*@ ghost unsigned long long rl_g_frames_held; */

/*
 * am65_cpsw_put_page(): upstream gives the page to @flow's pool - the
 * polling flow's in rx_packets, the flow named in swdata in rx_cleanup.
 * Fix (page_pool_by_flow): back to the pool the page came from (page->pp,
 * which the kernel keeps in every page_pool page).  With UDMA-P the flows
 * share one FDQ, so a flow completes pages of the others (the wrong pool),
 * and flow 0's reset cleans the shared FDQ after the later flows' pools
 * were destroyed and cleared (a NULL pool).
 */
/*@ requires \valid(common) && \valid(common->m) && \valid(flow) &&
  @   \valid(page);
  @ requires flow_pool: flow->page_pool == \null || \valid(flow->page_pool);
  @ requires room: rl_g_pages_put < 18446744073709551615;
  @ assigns rl_g_pages_put, RL_AM65_PUT_PAGE_FOOTPRINT(common->m, flow, page);
  @ ensures put_once: rl_g_pages_put == \old(rl_g_pages_put) + 1;
  @ ensures frames_kept: rl_g_frames_held == \old(rl_g_frames_held);
  @*/
static void am65_cpsw_put_page(struct am65_cpsw_common *common,
			       struct am65_cpsw_rx_flow *flow,
			       struct rl_page *page, bool allow_direct)
{
	bool by_flow = rl_am65_bug(common, RL_V_PAGE_POOL_BY_FLOW);
	struct rl_page_pool *pp;
	bool to_pool;

	pp = by_flow ? flow->page_pool : rl_page_pool_of(common->m, page);
	/*@ assert own_pool: pp == \null || pp->hdr.id + 1 == page->pp_id; */
	to_pool = pp || by_flow;
	/*
	 * Proof: a put has a pool.  Upstream's flow pool may be destroyed
	 * and cleared by then (the kernel oopses in page_pool_put_full_page).
	 */
	/*@ assert has_pool: to_pool ==> pp != \null; */
	if (to_pool)
		rl_page_pool_put_full_page(pp, page, allow_direct);
	else
		rl_page_free(common->m, page, RL_OWNER(RL_OWN_DRIVER, 0));
	/*@ ghost rl_g_pages_put++; */
}

void rl_am65_cpsw_put_page(struct am65_cpsw_rx_flow *flow,
			   struct rl_page *page, bool allow_direct)
{
	am65_cpsw_put_page(flow->common, flow, page, allow_direct);
}

/*
 * The buffer's fate by verdict @act.  A page is given back here on drop;
 * an XSK buffer (no page) is left to the zero-copy caller.
 */
/*@ requires shape: \valid(flow) && \valid(flow->common) &&
  @   \valid(flow->common->m) && \valid(port) && \valid(xdp) &&
  @   0 < flow->common->tx_ch_num <= AM65_CPSW_MAX_QUEUES;
  @ requires page: xdp->page == \null || \valid(xdp->page);
  @ requires inside: RL_AM65_FLOW_PORT_INSIDE(flow, port);
  @ requires flow_pool: flow->page_pool == \null || \valid(flow->page_pool);
  @ requires apart: \separated(xdp, flow->common, flow->common->m) &&
  @   \separated(port->xdp_prog, flow->common) &&
  @   RL_PP_APART(flow->common) && RL_PP_APART(xdp);
  @ requires room: rl_g_pages_put < 18446744073709551615 &&
  @   rl_g_frames_held < RL_GHOST_MAX - 1;
  @ ensures frames_accounted: rl_g_frames_held == \old(rl_g_frames_held);
  @ behavior drop:
  @   assumes act != RL_XDP_PASS && act != RL_XDP_TX &&
  @     act != RL_XDP_REDIRECT;
  @   ensures consumed: \result == AM65_CPSW_XDP_CONSUMED;
  @   ensures page_given_back: \old(xdp->page) != \null ==>
  @     rl_g_pages_put == \old(rl_g_pages_put) + 1;
  @   ensures nothing_else: \old(xdp->page) == \null ==>
  @     rl_g_pages_put == \old(rl_g_pages_put);
  @*/
static u32 am65_cpsw_xdp_verdict(struct am65_cpsw_rx_flow *flow,
				 struct am65_cpsw_port *port,
				 struct rl_xdp_buff *xdp, u32 act)
{
	struct am65_cpsw_common *common = flow->common;
	struct rl_model *m = common->m;
	struct am65_cpsw_tx_chn *tx_chn;
	struct rl_xdp_frame *xdpf;
	bool zc = xdp->xsk != NULL;

	switch (act) {
	case RL_XDP_PASS:
		return AM65_CPSW_XDP_PASS;
	case RL_XDP_TX:
		/*
		 * Fix (xdp_tx_chn_past_num): the XDP_TX channel is picked per
		 * CPU among those that exist; mainline takes the CPU modulo
		 * AM65_CPSW_MAX_QUEUES and can land on a channel never set up.
		 */
		tx_chn = &common->tx_chns[m->cpu %
			(rl_am65_bug(common, RL_V_XDP_TX_CHN_PAST_NUM) ?
			 AM65_CPSW_MAX_QUEUES : common->tx_ch_num)];
		/*
		 * Proof: the frame goes to a channel the driver set up (the
		 * first tx_ch_num, am65_cpsw_nuss_init_tx_chns); the others
		 * have no DMA channel behind them.
		 */
		/*@ assert tx_chn_set_up: \exists integer i;
		  @   0 <= i < common->tx_ch_num && tx_chn == &common->tx_chns[i];
		  @*/
		xdpf = rl_xdp_convert_buff_to_frame(m, xdp);
		if (!xdpf) {
			port->tx_dropped++;
			break;
		}
		/*@ ghost rl_g_frames_held++; */
		if (rl_am65_cpsw_xdp_tx_frame(port, tx_chn, xdpf,
					      AM65_CPSW_TX_BUF_TYPE_XDP_TX)) {
			/*
			 * The frame holds the page: returning it recycles it.
			 * Fix (zc_xdp_tx_double_free): v1 3/5 went to drop for
			 * a zero-copy buffer too, where the conversion copied
			 * into a new page (now leaked) and already freed the
			 * XSK buffer that rx_zc then frees again.
			 */
			zc = zc && rl_am65_bug(common, RL_V_ZC_XDP_TX_DOUBLE_FREE);
			if (!zc) {
				rl_xdp_return_frame_rx_napi(m, xdpf);
				/*@ ghost rl_g_frames_held--; */
			}
			break;
		}
		/*@ ghost rl_g_frames_held--; */
		return AM65_CPSW_XDP_TX;
	case RL_XDP_REDIRECT:
		if (rl_xdp_do_redirect(m, xdp, port->xdp_prog))
			break;
		return AM65_CPSW_XDP_REDIRECT;
	case RL_XDP_DROP:
		/* xdp_drop_page_leak: the ICSSG bug never gave the page back */
		if (rl_am65_bug(common, RL_V_XDP_DROP_PAGE_LEAK)) {
			port->rx_dropped++;
			return AM65_CPSW_XDP_CONSUMED;
		}
		break;
	default:
		/* bpf_warn_invalid_xdp_action(), then handled as ABORTED */
		break;
	}
	port->rx_dropped++;
	if (xdp->page)
		am65_cpsw_put_page(common, flow, xdp->page, true);
	return AM65_CPSW_XDP_CONSUMED;
}

u32 rl_am65_cpsw_run_xdp(struct am65_cpsw_rx_flow *flow,
			 struct am65_cpsw_port *port, struct rl_xdp_buff *xdp)
{
	return am65_cpsw_xdp_verdict(flow, port, xdp,
				     rl_bpf_prog_run_xdp(port->xdp_prog, xdp));
}
