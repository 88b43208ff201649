// Generated from contracts/contracts/LibraryAddressLocator.sol (solc 0.8.28) by contracts/scripts/generate-artifacts.ts.
// Do not edit: run `npm run generate -w contracts`.

export const libraryAddressLocatorAbi = [
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "nftCode",
        "type": "address"
      }
    ],
    "stateMutability": "nonpayable",
    "type": "constructor"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "implementation",
        "type": "address"
      }
    ],
    "name": "BeaconInvalidImplementation",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "OwnableInvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "account",
        "type": "address"
      }
    ],
    "name": "OwnableUnauthorizedAccount",
    "type": "error"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "libraryAddress",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "version",
        "type": "uint256"
      }
    ],
    "name": "LibraryAddressChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousOwner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "OwnershipTransferred",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "implementation",
        "type": "address"
      }
    ],
    "name": "Upgraded",
    "type": "event"
  },
  {
    "inputs": [],
    "name": "implementation",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryAddress",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryVersion",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "owner",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "renounceOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newLibraryAddress",
        "type": "address"
      }
    ],
    "name": "setLibraryAddress",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "transferOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newImplementation",
        "type": "address"
      }
    ],
    "name": "upgradeTo",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  }
] as const;

/** Creation bytecode (constructor arguments are appended by encodeDeployData). */
export const libraryAddressLocatorBytecode: `0x${string}` = '0x608060405234801561000f575f5ffd5b506040516106a13803806106a183398101604081905261002e91610183565b8033808061005657604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b61005f816100b6565b5061006982610105565b5050600160028190556040519081526001600160a01b038216907fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e9060200160405180910390a2506101b0565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b806001600160a01b03163b5f0361013a5760405163211eb15960e21b81526001600160a01b038216600482015260240161004d565b600180546001600160a01b0319166001600160a01b0383169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f60208284031215610193575f5ffd5b81516001600160a01b03811681146101a9575f5ffd5b9392505050565b6104e4806101bd5f395ff3fe608060405234801561000f575f5ffd5b5060043610610085575f3560e01c8063715018a611610058578063715018a6146101065780638da5cb5b1461010e578063b816f5131461012b578063f2fde38b14610133575f5ffd5b80633659cfe6146100895780634863ba171461009e5780634ed6aa96146100b15780635c60da1b146100c7575b5f5ffd5b61009c610097366004610418565b610146565b005b61009c6100ac366004610418565b6101c2565b6002546040519081526020015b60405180910390f35b60015473ffffffffffffffffffffffffffffffffffffffff165b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016100be565b61009c6101ce565b5f5473ffffffffffffffffffffffffffffffffffffffff166100e1565b6100e16101e1565b61009c610141366004610418565b610206565b61014e61026b565b610157816102bd565b5f60025f815461016690610452565b91905081905590508173ffffffffffffffffffffffffffffffffffffffff167fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e826040516101b691815260200190565b60405180910390a25050565b6101cb81610146565b50565b6101d661026b565b6101df5f6102ce565b565b5f61020160015473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b61020e61026b565b73ffffffffffffffffffffffffffffffffffffffff8116610262576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f60048201526024015b60405180910390fd5b6101cb816102ce565b5f5473ffffffffffffffffffffffffffffffffffffffff1633146101df576040517f118cdaa7000000000000000000000000000000000000000000000000000000008152336004820152602401610259565b6102c561026b565b6101cb81610342565b5f805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b8073ffffffffffffffffffffffffffffffffffffffff163b5f036103aa576040517f847ac56400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152602401610259565b600180547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff83169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f60208284031215610428575f5ffd5b813573ffffffffffffffffffffffffffffffffffffffff8116811461044b575f5ffd5b9392505050565b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff82036104a7577f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b506001019056fea26469706673582212206e7287444b9006b0a9e7b901d79d2832104e167c090a03faaa567c66bd23421c64736f6c634300081c0033';

/** Runtime bytecode, as returned by eth_getCode once deployed. */
export const libraryAddressLocatorDeployedBytecode: `0x${string}` = '0x608060405234801561000f575f5ffd5b5060043610610085575f3560e01c8063715018a611610058578063715018a6146101065780638da5cb5b1461010e578063b816f5131461012b578063f2fde38b14610133575f5ffd5b80633659cfe6146100895780634863ba171461009e5780634ed6aa96146100b15780635c60da1b146100c7575b5f5ffd5b61009c610097366004610418565b610146565b005b61009c6100ac366004610418565b6101c2565b6002546040519081526020015b60405180910390f35b60015473ffffffffffffffffffffffffffffffffffffffff165b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016100be565b61009c6101ce565b5f5473ffffffffffffffffffffffffffffffffffffffff166100e1565b6100e16101e1565b61009c610141366004610418565b610206565b61014e61026b565b610157816102bd565b5f60025f815461016690610452565b91905081905590508173ffffffffffffffffffffffffffffffffffffffff167fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e826040516101b691815260200190565b60405180910390a25050565b6101cb81610146565b50565b6101d661026b565b6101df5f6102ce565b565b5f61020160015473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b61020e61026b565b73ffffffffffffffffffffffffffffffffffffffff8116610262576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f60048201526024015b60405180910390fd5b6101cb816102ce565b5f5473ffffffffffffffffffffffffffffffffffffffff1633146101df576040517f118cdaa7000000000000000000000000000000000000000000000000000000008152336004820152602401610259565b6102c561026b565b6101cb81610342565b5f805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b8073ffffffffffffffffffffffffffffffffffffffff163b5f036103aa576040517f847ac56400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152602401610259565b600180547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff83169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f60208284031215610428575f5ffd5b813573ffffffffffffffffffffffffffffffffffffffff8116811461044b575f5ffd5b9392505050565b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff82036104a7577f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b506001019056fea26469706673582212206e7287444b9006b0a9e7b901d79d2832104e167c090a03faaa567c66bd23421c64736f6c634300081c0033';
