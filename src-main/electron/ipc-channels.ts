// The one IPC channel pair between the window and the main process, generic over HostRequests.
// invoke(hostRequestChannel, name, args) answers one HostApi request;
// hostEventChannel carries HostEvent[] (events batched, as they happened) to the window.
export const hostRequestChannel = 'host:request';
export const hostEventChannel = 'host:event';
