import type { TICKET_PRIORITIES } from '@portal/contract';

/**
 * What the demo tickets say. Placeholders: {first} the customer's first name, {name} a variant
 * (a new hire…), {staff} the technician, {number} the ticket number, {domain} the provider's domain.
 * Provider messages are HTML, customer messages plain text, as in a real help desk.
 */
export interface TicketTemplate {
  subject: string;
  description: string;
  priority: (typeof TICKET_PRIORITIES)[number];
  /** Who at the customer usually owns this kind of ticket. */
  owner?: 'billing' | 'technical';
  /** Fills {name} in the subject and description. */
  variants?: string[];
  question: string;
  answer: string;
  update: string;
  resolution: string;
  holdReason?: string;
}

export const ACME_TEMPLATES: TicketTemplate[] = [
  {
    subject: 'VoIP phones dropping calls in the warehouse',
    description:
      'Calls on the warehouse desk phones drop after about 30 seconds, mostly inbound calls from customers. It started Monday morning. The Dock 2 and Dock 3 phones are the worst; the office phones seem fine.',
    priority: 'high',
    owner: 'technical',
    question:
      '<p>Thanks, {first}. Could you send us the extensions of the affected phones and roughly when the last few drops happened?</p><p>That lets us pull the SIP traces for those calls.</p>',
    answer: 'Extensions 2141, 2143 and 2150. The last drops were around 9:40 and 10:15 this morning.',
    update:
      '<p>Update on the dropped calls:</p><ul><li>The SIP traces show the audio stops after a re-INVITE at about 30 seconds.</li><li>The warehouse firewall has <strong>SIP ALG</strong> enabled on the new VLAN.</li><li>We will disable it tonight after 7 pm.</li></ul>',
    resolution:
      '<p>We disabled <strong>SIP ALG</strong> on the warehouse firewall policy and moved the dock phones to the voice VLAN. Test calls held for more than 20 minutes.</p><p>Background: <a href="https://support.{domain}/kb/voip-sip-alg">Why SIP ALG breaks VoIP calls</a>.</p>',
    holdReason: 'a maintenance window from your warehouse manager',
  },
  {
    subject: 'New hire laptop setup – {name}',
    description:
      'We have a new dispatcher, {name}, starting on the 1st. Please prepare a laptop with the standard image, Microsoft 365, the TMS client and a voice seat with an extension.',
    priority: 'medium',
    variants: ['Maria Gomez', 'Kevin Doyle', 'Aisha Bello'],
    question:
      '<p>Hi {first}, happy to set this up. A couple of questions:</p><ul><li>Should {name} get a ThinkPad T14 or a desktop?</li><li>Which distribution lists and shared mailboxes?</li><li>Does {name} need VPN access?</li></ul>',
    answer: 'ThinkPad please. Add to dispatch@ and the Dispatch team in Teams. No VPN, on-site only.',
    update:
      '<p>Progress on the new hire setup:</p><ul><li>Laptop imaged and enrolled in Intune</li><li>Microsoft 365 account created, license assigned</li><li>Voice seat ordered – extension <strong>2178</strong></li></ul><p>Remaining: TMS client once the vendor sends the license key.</p>',
    resolution:
      '<p>The laptop for {name} is ready at reception with a printed welcome sheet (temporary password inside a sealed envelope). Extension <strong>2178</strong> is live.</p><p>Our onboarding checklist: <a href="https://support.{domain}/kb/new-hire-checklist">New hire checklist</a>.</p>',
    holdReason: 'the TMS license key from the vendor',
  },
  {
    subject: 'Outlook keeps asking for password',
    description:
      'Since this morning Outlook on my laptop keeps popping up a password prompt every few minutes. I enter it and it comes back. Webmail works fine.',
    priority: 'medium',
    question: '<p>Hi {first}, does the prompt mention <strong>Microsoft 365</strong> or an older "Windows Security" box? A screenshot would help.</p>',
    answer: 'It is the old grey Windows Security box. Screenshot attached to my email.',
    update:
      '<p>The prompt comes from a cached credential for the old Exchange server. I will clear it remotely – you may see your screen flicker for a moment.</p>',
    resolution:
      '<p>I removed the stale credential from Windows Credential Manager and rebuilt your Outlook profile. The prompt should not come back.</p><p>If it does, note the time and reply here.</p>',
  },
  {
    subject: 'Shipping office label printer not printing',
    description:
      'The Zebra label printer at Dock 2 stopped printing shipping labels. Jobs show as sent from the WMS but nothing comes out. We have 40 shipments waiting for this afternoon pickup.',
    priority: 'urgent',
    owner: 'technical',
    question:
      '<p>{first}, is the printer showing a solid green light or flashing red? Can you print a test label by holding the feed button for 2 seconds?</p>',
    answer: 'Green light, and the test label prints fine. So it is something between the WMS and the printer.',
    update:
      "<p>The printer picked up a new IP address from DHCP after last night's power cut. I'm adding a DHCP reservation so it keeps <strong>10.20.2.45</strong>.</p>",
    resolution: '<p>Reservation added and the WMS print queue pointed back at <strong>10.20.2.45</strong>. Your queued labels printed at 1:12 pm.</p>',
  },
  {
    subject: 'Add a DID for the new customer service line',
    description:
      'We want a new local Boston number for a customer service line that rings the dispatch hunt group during business hours and goes to voicemail after 6 pm.',
    priority: 'low',
    question:
      '<p>Hi {first}, any preference for the number (e.g. ending in 00)? And should the after-hours voicemail be a shared box that emails dispatch@?</p>',
    answer: 'Something easy to remember if possible. Yes, voicemail to dispatch@ please.',
    update: '<p>We reserved <strong>(617) 555-0300</strong>. The time-of-day routing is set up; we will activate it once you confirm the greeting text.</p>',
    resolution:
      '<p>(617) 555-0300 is live. Business hours ring the <strong>Dispatch</strong> hunt group; after 6 pm callers reach the shared voicemail, which emails dispatch@acme.example.</p>',
  },
  {
    subject: 'Internet down at the Boston office',
    description: 'No internet at the main office since 8:05 am. Phones show "No Service". The fiber modem has a red LOS light.',
    priority: 'urgent',
    question:
      '<p>{first}, we see the circuit down on our monitoring too. Can you confirm nobody is working in the telecom room? A red LOS light usually means a fiber cut.</p>',
    answer: 'Nobody has been in there. The building manager says there is road work outside.',
    update:
      '<p>Carrier ticket opened. In the meantime:</p><ul><li>Phones have failed over to the mobile app (calls still ring)</li><li>We enabled the LTE backup on the firewall for email and the TMS</li></ul><p>The carrier ETA is 2 pm.</p>',
    resolution:
      '<p>The carrier spliced the fiber that the road crew cut. The circuit is back since 1:47 pm, and the phones re-registered. We switched the firewall back off LTE.</p>',
    holdReason: "the carrier's field technician",
  },
  {
    subject: 'Suspicious email reported by accounting',
    description:
      'Nadia received an email that looks like it is from our bank asking her to confirm a wire transfer. She did not click anything. Forwarding it to you as an attachment.',
    priority: 'high',
    question: '<p>Thanks for reporting it, {first}. Did anyone else receive the same message? We can search all mailboxes for it.</p>',
    answer: 'Bill got it too. Neither of them clicked.',
    update: '<p>Message trace found the email in <strong>4 mailboxes</strong>. We purged it from all of them and blocked the sender domain.</p>',
    resolution:
      '<p>The phishing message was removed from every mailbox and the sending domain is blocked. Nobody opened the link.</p><p>Please share this with the team: <a href="https://support.{domain}/kb/spot-a-phish">How to spot a phishing email</a>.</p>',
  },
  {
    subject: 'Set up voicemail-to-email for the sales team',
    description: 'Please turn on voicemail-to-email for the five sales extensions so they get messages on their phones while travelling.',
    priority: 'low',
    question: '<p>Hi {first}, should the audio file be attached, or just a notification with a link?</p>',
    answer: 'Attach the audio please.',
    update: '<p>Voicemail-to-email with the audio attached is enabled for 2120–2124. Sending test messages now.</p>',
    resolution:
      '<p>All five sales extensions now email voicemails with the <strong>.wav</strong> attached. The reps can also read the transcription in the message body.</p>',
  },
  {
    subject: 'VPN connection failing for remote dispatcher',
    description: 'Olivia cannot connect to the VPN from home since yesterday. FortiClient says "Credential or SSLVPN configuration is wrong (-7200)".',
    priority: 'high',
    owner: 'technical',
    question: '<p>{first}, did Olivia change her password recently? The VPN uses the same password as her Windows sign-in.</p>',
    answer: 'Yes, she changed it on Friday.',
    update: "<p>Her new password had not synced to the firewall's RADIUS cache. We forced a sync; please ask Olivia to try again.</p>",
    resolution: '<p>Olivia is connected. We also lowered the RADIUS cache time so a password change is picked up within 15 minutes.</p>',
  },
  {
    subject: 'Replace failing drive in FS-02 file server',
    description: 'Our monitoring email says FS-02 has a predictive failure on drive 3. Please arrange the replacement under warranty.',
    priority: 'high',
    owner: 'technical',
    question: '<p>Hi {first}, we opened a warranty case with HPE. Can someone let their courier into the server room tomorrow between 9 and 12?</p>',
    answer: 'Yes, Marcus will be there from 8:30.',
    update:
      '<p>HPE confirmed the part. The drive is hot-swappable, so no downtime is needed.</p><ul><li>Array: RAID 6, still healthy</li><li>Rebuild time: about 6 hours</li></ul>',
    resolution: '<p>Drive 3 in FS-02 was replaced and the array finished rebuilding overnight. All drives show <strong>OK</strong>.</p>',
    holdReason: 'the replacement drive from HPE (warranty case 5372-1190)',
  },
  {
    subject: 'Wi-Fi dead zone at loading dock 3',
    description: 'The handheld scanners lose Wi-Fi at the far end of Dock 3, so scans are uploaded late and the WMS shows pallets as missing.',
    priority: 'medium',
    question: '<p>{first}, roughly how far from the dock door does the signal drop? And are the dock doors usually open?</p>',
    answer: 'About the last 10 metres. The doors are open most of the day.',
    update:
      '<p>A site survey shows the AP above Dock 3 is at <strong>-78 dBm</strong> at the far end. We recommend adding one outdoor-rated AP; quote sent to Bill.</p>',
    resolution: '<p>The new access point above Dock 3 is installed. Signal at the far end is now <strong>-58 dBm</strong> and the scanners roam cleanly.</p>',
    holdReason: 'approval of the access point quote',
  },
  {
    subject: 'Offboard departing employee – {name}',
    description: '{name} leaves on Friday. Please disable their accounts at 5 pm, forward email to their manager for 30 days and collect the laptop.',
    priority: 'medium',
    variants: ['Jason Miller', 'Erin Walsh'],
    question: '<p>Hi {first}, should we keep the OneDrive files for the manager, and for how long?</p>',
    answer: 'Yes, give the manager access to the OneDrive and keep it for 90 days.',
    update:
      '<p>Scheduled for Friday 5 pm:</p><ul><li>Disable sign-in and revoke sessions</li><li>Convert mailbox to shared, forward to the manager</li><li>Remove voice seat and licenses</li></ul>',
    resolution:
      "<p>{name}'s accounts are disabled, mail is forwarded, the OneDrive is shared with the manager for 90 days and the laptop is back in stock as a loaner.</p>",
  },
  {
    subject: 'Teams calls choppy on the conference room PC',
    description: 'Teams meetings in the big conference room are choppy – audio cuts out and video freezes. Laptops in the same room are fine.',
    priority: 'medium',
    question: '<p>{first}, is the conference room PC on Wi-Fi or cabled?</p>',
    answer: 'I think Wi-Fi, there is no cable going to it.',
    update: '<p>The PC is on the guest Wi-Fi, which is rate limited to 5 Mbps. We will run a cable from the floor box.</p>',
    resolution: '<p>The conference room PC is now cabled and on the staff network. A test Teams call with video was clean.</p>',
  },
  {
    subject: 'QuickBooks Online access for new billing clerk',
    description: 'Please add Samuel Okafor to QuickBooks Online with the Standard role, no payroll access.',
    priority: 'low',
    owner: 'billing',
    question: '<p>Hi {first}, QuickBooks needs the primary admin to send the invite. Can you approve it from the email Intuit just sent you?</p>',
    answer: 'Approved.',
    update: '<p>The invite went out to Samuel. He needs to accept it within 30 days.</p>',
    resolution: '<p>Samuel accepted the invite and has the Standard role without payroll.</p>',
  },
  {
    subject: 'Question about charges on the last invoice',
    description: 'The last statement has an on-site labour line we do not recognise. Can you tell us which visit that was for?',
    priority: 'low',
    owner: 'billing',
    question: "<p>Hi {first}, which statement date is it on? I'll pull the time entries.</p>",
    answer: 'The one from the 5th of this month.',
    update: '<p>The labour line is for the Dock 3 access point installation (3 hours, two technicians).</p>',
    resolution: '<p>I attached the signed work order for the Dock 3 installation to this ticket. Let me know if you would still like a credit review.</p>',
  },
  {
    subject: 'Backup job failed on WH-DC01',
    description: 'We got two emails that the nightly backup of WH-DC01 failed. Is our data safe?',
    priority: 'high',
    owner: 'technical',
    question: '<p>{first}, the last good backup is from Tuesday night. Did anyone install software on WH-DC01 this week?</p>',
    answer: 'Not that I know of.',
    update: '<p>The Volume Shadow Copy service was stuck after a Windows update. We restarted it and started a manual backup.</p>',
    resolution:
      "<p>The manual backup finished and last night's scheduled job succeeded. We added an alert so a stuck VSS writer is caught before the backup window.</p>",
  },
  {
    subject: 'Auto attendant greeting for holiday hours',
    description: 'Please change the main auto attendant greeting for the holidays: closed on the 25th and 1st, closing at 2 pm on the 24th and 31st.',
    priority: 'low',
    question: '<p>Hi {first}, would you like to record the greeting yourself, or should we use text-to-speech?</p>',
    answer: 'Text-to-speech is fine.',
    update:
      '<p>The holiday schedule is configured. Here is the greeting text for your approval:</p><p><em>"Thank you for calling Acme Logistics. Our office is closed for the holiday…"</em></p>',
    resolution: '<p>The holiday greeting and schedule are live and revert to normal hours automatically on the 2nd.</p>',
  },
  {
    subject: 'Handheld scanners not syncing with the WMS',
    description:
      'None of the handheld scanners are syncing with the WMS since about 6 am. Pickers are writing pallets on paper. This is stopping outbound shipments.',
    priority: 'urgent',
    owner: 'technical',
    question: '<p>{first}, do the scanners show Wi-Fi connected? Can they open the WMS web page in the browser?</p>',
    answer: 'Wi-Fi yes, but the WMS page times out.',
    update: "<p>The WMS server's certificate expired at midnight and the scanners refuse the connection. We are installing the renewed certificate now.</p>",
    resolution: '<p>The renewed certificate is installed and all 14 scanners synced their queued scans. We added certificate expiry to our monitoring.</p>',
  },
  {
    subject: 'Faxes to the Ohio DMV not going through',
    description: 'Our faxes to the Ohio BMV office fail with "No answer" every time. Other fax numbers work.',
    priority: 'medium',
    question: '<p>Hi {first}, could you send us the exact fax number you dial and the time of the last attempt?</p>',
    answer: '614-555-0182, last try was 10:20 today.',
    update: '<p>The receiving machine only answers at 9600 bps. We lowered the maximum speed for that destination.</p>',
    resolution: '<p>Test fax to 614-555-0182 delivered, 3 pages. We kept the lower speed for that number only.</p>',
  },
  {
    subject: 'Shared mailbox for dispatch@',
    description: 'We want a shared mailbox dispatch@acme.example that all dispatchers can read and send from.',
    priority: 'low',
    question: '<p>{first}, should replies show "Dispatch" as the sender, or the dispatcher\'s own name "on behalf of" Dispatch?</p>',
    answer: 'Send as Dispatch please.',
    update: '<p>The mailbox is created; adding the dispatchers with <strong>Send As</strong> rights. It can take an hour to appear in Outlook.</p>',
    resolution: '<p>dispatch@acme.example is live and shows up in Outlook for all dispatchers with Send As rights.</p>',
  },
  {
    subject: 'Windows updates stuck on reception desktop',
    description: 'The reception PC has been showing "Working on updates 30%" since yesterday evening.',
    priority: 'low',
    question: '<p>Hi {first}, is the spinning dots animation still moving?</p>',
    answer: 'Yes, still moving but stuck at 30%.',
    update: '<p>We connected through the RMM agent: the update is stuck on a driver. We will force a restart and roll back that driver.</p>',
    resolution: '<p>The reception desktop finished updating after the driver rollback. We paused that driver update across your devices.</p>',
  },
  {
    subject: 'Ransomware warning pop-up on dispatch PC',
    description:
      'Dispatch Desktop 2 shows a full-screen warning that files are encrypted and a phone number to call. We unplugged the network cable right away.',
    priority: 'urgent',
    owner: 'technical',
    question: '<p>{first}, good call unplugging it. Please leave it powered on and do not call the number. Was anyone signed in, and what were they doing?</p>',
    answer: 'Uma was signed in, she was browsing a carrier website for a tracking number.',
    update:
      '<p>Findings so far:</p><ul><li>It is a <strong>browser scareware page</strong>, not ransomware – no files are encrypted</li><li>Defender blocked the download it offered</li><li>We are scanning the PC and resetting the browser</li></ul>',
    resolution:
      '<p>The PC is clean: full Defender scan found nothing, the browser was reset and the PC is back on the network. No files were touched.</p><p>Advice for the team: <a href="https://support.{domain}/kb/scareware">What to do when a scary pop-up appears</a>.</p>',
  },
  {
    subject: 'Call queue report for last quarter',
    description: 'Could you send us the call center report for last quarter: calls per day, average wait time and abandoned calls per queue?',
    priority: 'low',
    question: '<p>Hi {first}, PDF or spreadsheet?</p>',
    answer: 'Spreadsheet please.',
    update: '<p>The report is running; it covers 3 queues and about 18,000 calls.</p>',
    resolution:
      '<p>The report is attached as a spreadsheet. Average wait was <strong>38 seconds</strong> and abandonment 4.1%.</p><p>You can run it yourself anytime in the voice portal: <a href="https://support.{domain}/kb/queue-reports">Queue reports</a>.</p>',
  },
  {
    subject: 'Move desk phone to new office',
    description: 'Hannah is moving from reception to the office next to finance. Please move her phone and extension.',
    priority: 'low',
    question: '<p>{first}, is there a live network jack in the new office?</p>',
    answer: 'Yes, the jack labelled 2-14.',
    update: '<p>Jack 2-14 is patched to the voice VLAN. Hannah can unplug the phone and plug it in there.</p>',
    resolution: "<p>Hannah's phone works in the new office with the same extension.</p>",
  },
  {
    subject: 'Firewall firmware upgrade – maintenance window',
    description: 'We got your notice about the FortiGate firmware upgrade. What is the expected downtime and when can you do it?',
    priority: 'medium',
    question: '<p>Hi {first}, the upgrade needs about <strong>10 minutes</strong> of downtime. Would Saturday 7 am work?</p>',
    answer: 'Saturday 7 am works.',
    update: '<p>Scheduled for Saturday 7:00–7:30 am. Phones will fail over to the mobile app during the reboot.</p>',
    resolution: '<p>The FortiGate is on the current firmware. Downtime was 6 minutes; all VPN tunnels and phones reconnected.</p>',
    holdReason: 'your choice of maintenance window',
  },
  {
    subject: "MFA enrollment help for drivers' tablets",
    description: 'The drivers are being asked to set up multi-factor authentication on their tablets and are stuck at the QR code step.',
    priority: 'medium',
    question: '<p>{first}, do the drivers have the Microsoft Authenticator app installed on their own phones?</p>',
    answer: 'Most of them do not have company phones. Can they use SMS?',
    update: '<p>We enabled SMS as a fallback for the drivers group and set up a 10-minute enrollment window at the morning briefing.</p>',
    resolution: '<p>All 12 drivers are enrolled in MFA (9 with SMS, 3 with the app).</p>',
  },
  {
    subject: 'Slow file share access from the Chicago warehouse',
    description: 'Opening files on the S: drive from the Chicago warehouse takes 30 seconds or more. It is fine in Boston.',
    priority: 'medium',
    question: '<p>Hi {first}, is it slow for all files or mostly large spreadsheets?</p>',
    answer: 'Mostly the big Excel files.',
    update: '<p>The site-to-site VPN is saturated during backup hours. We moved the backup window to 11 pm and enabled SMB compression.</p>',
    resolution: '<p>Large files now open in under 5 seconds from Chicago. We will keep an eye on the tunnel utilisation.</p>',
  },
  {
    subject: 'PayLink360 payment links not sending receipts',
    description: 'Customers pay through PayLink360 but do not get a receipt email. Payments do show up in the dashboard.',
    priority: 'high',
    owner: 'billing',
    question: '<p>{first}, do the customers find the receipts in spam, or not at all?</p>',
    answer: 'Not at all, we checked with two customers.',
    update:
      '<p>The sender address was changed to billing@acme.example last week, but the domain is not verified for PayLink360. We sent you the DNS record to add.</p>',
    resolution: '<p>The domain is verified and receipts are delivered again. We re-sent the receipts for the 23 payments made since the change.</p>',
  },
  {
    subject: 'Replace UPS batteries in the server room',
    description: 'The UPS in the server room is beeping and shows "Replace battery".',
    priority: 'medium',
    question: '<p>Hi {first}, can you read us the model from the label on the front? We will order the right battery pack.</p>',
    answer: 'APC Smart-UPS SRT 3000VA.',
    update: '<p>The battery pack <strong>APCRBC152</strong> is ordered and arrives Thursday.</p>',
    resolution: '<p>The batteries are replaced and the self-test passed. Runtime at current load is 24 minutes.</p>',
    holdReason: 'delivery of the replacement battery pack',
  },
  {
    subject: 'Google Workspace data export before cancellation',
    description: 'Before the Google Workspace subscription ends we need an export of all mailboxes and Drive files for our records.',
    priority: 'low',
    question: '<p>{first}, where should we store the export? We suggest the archive folder on FS-02.</p>',
    answer: 'FS-02 archive folder is fine.',
    update: '<p>Google Takeout is exporting 18 users, about 240 GB. It will take a day or two.</p>',
    resolution: '<p>The export is in <strong>\\\\FS-02\\Archive\\GoogleWorkspace</strong>, checked and readable. You can cancel the subscription.</p>',
  },
];

export const GLOBEX_TEMPLATES: TicketTemplate[] = [
  {
    subject: 'SSL certificate renewal for shop.globex.example',
    description: 'The certificate for shop.globex.example expires in 10 days. Please renew it and install it on web-02.',
    priority: 'high',
    question: '<p>Hi {first}, shall we switch it to automatic renewal while we are at it?</p>',
    answer: 'Yes please.',
    update: '<p>Automatic renewal is set up; the first renewal is running now.</p>',
    resolution: '<p>The new certificate is installed on web-02 and renews automatically every 60 days.</p>',
  },
  {
    subject: 'Nightly backup failing on web-02',
    description: 'The backup report shows web-02 failed three nights in a row.',
    priority: 'medium',
    question: '<p>{first}, was anything large added to web-02 recently?</p>',
    answer: 'We uploaded a product video archive, about 400 GB.',
    update: '<p>The backup quota was exceeded. We raised it temporarily and excluded the cache folder.</p>',
    resolution: '<p>Backups of web-02 are succeeding again.</p>',
  },
  {
    subject: 'Add SPF record for the new mail provider',
    description: 'We are moving newsletters to a new mail provider and need their SPF include added to our DNS.',
    priority: 'low',
    question: '<p>Hi {first}, could you send the include value the provider gave you?</p>',
    answer: 'include:spf.newsletters.example',
    update: '<p>The SPF record is updated; DNS changes take up to an hour.</p>',
    resolution: '<p>SPF validates for both Microsoft 365 and the newsletter provider.</p>',
  },
  {
    subject: 'Increase disk on db-01',
    description: 'db-01 is at 91% disk usage. Please add 200 GB.',
    priority: 'urgent',
    question: '<p>{first}, we can add it live. Any objection to doing it now?</p>',
    answer: 'Go ahead.',
    update: '<p>Disk extended at the hypervisor; extending the filesystem next.</p>',
    resolution: '<p>db-01 now has 200 GB more and is at 58% usage.</p>',
  },
];

/** The provider's technicians who answer tickets. */
export const PROVIDER_STAFF = ['Jordan Reyes', 'Priya Shah', 'Dana Whitfield', 'Chris Novak'] as const;

export const PROVIDER_DESK_NAME = 'ITP Support Desk';

export const ACKNOWLEDGEMENTS = [
  "<p>Hi {first},</p><p>Thanks for contacting ITP Support. Ticket <strong>{number}</strong> is assigned to me and I'm reviewing the details now.</p><p>Regards,<br>{staff}</p>",
  "<p>Hello {first},</p><p>I've picked this one up and will update you here as soon as I know more.</p><p>{staff}<br>ITP Support</p>",
  "<p>Hi {first},</p><p>Thanks for the details. I'm on it – expect an update within the hour.</p><p>{staff}</p>",
];

export const AUTO_ACKNOWLEDGEMENT =
  '<p>We have received your request and opened ticket <strong>{number}</strong>.</p><p>A technician will respond within your service-level target. For anything urgent, call us at <strong>(800) 555-0199</strong>.</p><p>— ITP Support Desk</p>';

export const INTERNAL_NOTES = [
  'Checked the RMM dashboard for this site: no related alerts in the last 24 h.',
  '<p>Escalated to Tier 2. Vendor case opened: <strong>{case}</strong>.</p>',
  'Customer is on the Essentials plan – first 30 minutes not billable.',
  'Remote session with the user done; waiting for their confirmation before closing.',
  '<p>Root cause documented in the client runbook. <a href="https://support.{domain}/runbooks/acme">Runbook</a></p>',
];

export const CUSTOMER_ADDITIONS = [
  'Adding: it also happened again about 20 minutes ago.',
  'One more detail – this started right after the power cut last night.',
  'Please call me on my mobile if you need access to the building.',
];

export const NUDGES = ['Any update on this one?', 'Just checking in – is there an ETA?', 'Hi, we are still seeing this. Any news?'];

export const THANKS = [
  'Thanks, that fixed it. You can close the ticket.',
  'Confirmed working on our end. Thanks for the quick turnaround!',
  'All good now, appreciate it.',
];

export const CANCELLATIONS = [
  'Please cancel this ticket – we sorted it out internally.',
  'We no longer need this, plans changed. Please cancel.',
  'Cancel please, this turned out to be a duplicate.',
];

export const CANCEL_CONFIRMATION = "<p>Understood, {first}. I've cancelled ticket <strong>{number}</strong>. Just reply here if you need anything else.</p>";

export const HOLD_NOTICE =
  "<p>Quick update: we are waiting on {reason}. I've put the ticket <strong>On Hold</strong> and will pick it up as soon as we hear back.</p>";

export const REVIEW_NOTE = 'Time entries reviewed: {hours} h, {billing}.';

export const BILLED_NOTE = 'Billed on the next statement: {hours} h at the contract rate.';
